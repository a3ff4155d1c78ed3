import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** A 96×96 PNG drawn by the browser itself: two colour bands, so the avatar is recognisable in screenshots. */
async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 96;
    canvas.height = 96;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#722ed1';
    g.fillRect(0, 0, 96, 96);
    g.fillStyle = '#fadb14';
    g.fillRect(0, 48, 96, 48);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** The header avatar's picture: its source and whether the browser decoded it. */
function headerAvatar(page: Page) {
  return page.getByTestId('user-avatar').locator('img').evaluate((img: HTMLImageElement) => ({
    blob: img.src.startsWith('blob:'), decoded: img.complete && img.naturalWidth === 96,
  })).catch(() => ({ blob: false, decoded: false }));
}

describe('own profile, avatar and initial passwords in the browser', () => {
  let suite: BrowserSuite;
  const db = () => suite.server.ctx.database.db;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  it('lets a staff user upload an avatar and change their phone; the header shows the avatar after a reload', async () => {
    const { page, context } = await suite.newPage('lina');
    expect(await headerAvatar(page)).toEqual({ blob: false, decoded: false });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-personal-info').click();
    await page.waitForURL('**/personal/info');
    await expect.poll(() => page.getByTestId('personal-facts').textContent()).toContain('前端开发组');
    await expect.poll(() => page.getByTestId('personal-phone').inputValue()).toBe('13800000003');

    // A document is refused in the browser already, before anything is sent.
    await page.getByTestId('personal-info').locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('头像只能是 JPG、PNG 或 GIF 图片');

    await page.getByTestId('personal-info').locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: await drawnPng(page) });
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('头像已更新');
    await expect.poll(() => headerAvatar(page)).toEqual({ blob: true, decoded: true });

    await page.getByTestId('personal-phone').fill('13900001234');
    await page.getByTestId('personal-motto').fill('让每一次点击都更顺手');
    await page.getByTestId('personal-save').click();
    await expect.poll(() => page.locator('.ant-message').textContent()).toContain('个人信息已保存');
    const stored = await db().selectFrom('sys_user').selectAll().where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ phone: '13900001234', motto: '让每一次点击都更顺手', userName: '李娜' });
    expect(stored.avatar).toBeTruthy();
    await suite.screenshot(page, 'e2e-personal-info');

    await page.reload();
    await expect.poll(() => headerAvatar(page)).toEqual({ blob: true, decoded: true });
    await expect.poll(() => page.getByTestId('personal-phone').inputValue()).toBe('13900001234');
    await page.getByTestId('user-menu').click();
    await expect.poll(() => page.getByTestId('menu-personal-info').isVisible()).toBe(true);
    await suite.screenshot(page, 'e2e-personal-header-menu');
    await context.close();
  });

  it('asks a new account for its own password at the first sign-in with the initial one', async () => {
    const { page: adminPage, context: adminContext } = await suite.newPage('admin');
    // The page cannot read its HttpOnly session cookie; the test hands the token in as an API client would hold it.
    const adminToken = (await adminContext.cookies()).find((c) => c.name === 'TOKEN')?.value ?? '';
    const made = await adminPage.evaluate(async (token) => {
      const dept = await (await fetch('/capi/get/system/getDeptList?pageSize=50', { headers: { Authorization: `Bearer ${token}` } })).json();
      const body = new URLSearchParams({ accountId: 'newcomer', userName: '新同事', deptId: dept.data.list[0].deptId, phone: '13912340000', status: '1' });
      return (await fetch('/capi/set/system/insertUser', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body })).json();
    }, adminToken);
    expect(made.data.$initialPassword).toEqual({ channel: 'sms', delivered: true });
    await adminContext.close();
    const sms = await db().selectFrom('sys_outbox').select('body').where('recipient', '=', '13912340000').executeTakeFirstOrThrow();
    const initial = /初始密码：([A-Za-z0-9]{12})/.exec(String(sms.body))?.[1] ?? '';
    expect(initial).toHaveLength(12);

    const { page, context } = await suite.newPage();
    await page.goto('/login');
    await page.getByTestId('login-account').fill('newcomer');
    await page.getByTestId('login-password').fill(initial);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/resetPassword');
    await expect.poll(() => page.getByTestId('reset-account').textContent()).toContain('newcomer');
    await suite.screenshot(page, 'e2e-initial-password-change');
    await page.getByTestId('reset-password').fill('MyOwn2026pw');
    await page.getByTestId('reset-password2').fill('MyOwn2026pw');
    await page.getByTestId('reset-submit').click();
    await expect.poll(() => page.getByTestId('reset-done').isVisible()).toBe(true);
    await context.close();

    const signedIn = await suite.newPage('newcomer', 'MyOwn2026pw');
    expect(new URL(signedIn.page.url()).pathname).not.toBe('/login');
    await signedIn.context.close();
  });

  it('syncs departments to a chat app from the directory sync screen and shows it in the outbox', async () => {
    const { page, context } = await suite.newPage('admin');
    const config = await db().selectFrom('sys_chat_app_config').selectAll().where('app', '=', 'wxwork').executeTakeFirstOrThrow();
    await page.goto('/system/config/chat-app');
    await page.getByTestId(`row-more-${String(config.chatAppConfigId)}`).click();
    await page.getByTestId(`row-action-syncDepts-${String(config.chatAppConfigId)}`).click();
    await page.getByTestId('transition-confirm').click();
    await expect.poll(async () => (await db().selectFrom('sys_chat_app_config').select('lastSyncStatus').where('app', '=', 'wxwork').executeTakeFirstOrThrow()).lastSyncStatus).toBe('success');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('全量同步部门');
    await suite.screenshot(page, 'e2e-chat-app-sync');
    await page.goto('/system/outbox');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('upsertDepartment');
    await suite.screenshot(page, 'e2e-chat-app-outbox');

    // The initialisations are row actions of the user and unit lists; the user form has the avatar.
    const lina = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    await page.goto('/system/user');
    await page.getByTestId(`row-more-${String(lina.userId)}`).click();
    await expect.poll(() => page.getByTestId(`row-action-initUser-${String(lina.userId)}`).isVisible()).toBe(true);
    await suite.screenshot(page, 'e2e-user-list-actions');
    await page.goto('/system/unit');
    await expect.poll(() => page.locator('[data-testid^="row-action-initDept-"]').count()).toBeGreaterThan(0);
    await page.goto(`/system/user/save?id=${String(lina.userId)}`);
    await expect.poll(() => page.getByTestId('field-avatar').isVisible()).toBe(true);
    await suite.screenshot(page, 'e2e-user-form-avatar');
    await context.close();
  });
});
