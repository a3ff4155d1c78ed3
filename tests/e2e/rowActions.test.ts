import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

describe('named row actions from the generic list', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('resets a user\'s password from the user list; the new password, shown once, signs the user in', async () => {
    const lina = await suite.server.ctx.database.db.selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/user');
    // The user list's named actions sit under 更多.
    await page.getByTestId(`row-more-${String(lina.userId)}`).click();
    await page.getByTestId(`row-action-resetPassword-${String(lina.userId)}`).click();
    await page.getByTestId('transition-confirm').click();
    const shown = page.locator('.ant-modal-confirm-content', { hasText: '新密码：' });
    await expect.poll(() => shown.count()).toBe(1);
    await suite.screenshot(page, 'e2e-reset-password');
    const password = /新密码：([A-Za-z0-9]{12})/.exec(String(await shown.textContent()))?.[1];
    expect(password).toBeTruthy();
    await context.close();

    const signedIn = await suite.newPage('lina', password);
    expect(new URL(signedIn.page.url()).pathname).not.toBe('/login');
    await signedIn.context.close();
  });

  it('signs a user out from the user list: their open page goes back to the sign-in page', async () => {
    const liuyang = await suite.server.ctx.database.db.selectFrom('sys_user').select('userId').where('accountId', '=', 'liuyang').executeTakeFirstOrThrow();
    const user = await suite.newPage('liuyang');
    const { page, context } = await suite.newPage('admin');
    await page.goto('/system/user');
    await page.getByTestId(`row-more-${String(liuyang.userId)}`).click();
    await page.getByTestId(`row-action-logoutUser-${String(liuyang.userId)}`).click();
    await expect.poll(() => page.locator('.ant-modal', { hasText: '将结束该用户的全部登录会话' }).count()).toBe(1);
    await page.getByTestId('transition-confirm').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('强制下线');
    const left = await suite.server.ctx.database.db.selectFrom('sys_session').select('userId').where('userId', '=', String(liuyang.userId)).execute();
    expect(left).toHaveLength(0);
    await context.close();

    // The signed-out user's next call meets the ended session: the shell says so and offers to sign in again.
    await user.page.goto('/personal/message');
    const dialog = user.page.locator('.ant-modal-confirm', { hasText: '您已退出登录' });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await user.page.waitForURL((url) => url.pathname.startsWith('/login'));
    await user.context.close();
  });
});
