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
});
