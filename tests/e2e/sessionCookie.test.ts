import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Every script dialog and every Content-Security-Policy refusal of a page, to assert none happened. */
function watch(page: Page): { dialogs: string[]; refusals: string[] } {
  const seen = { dialogs: [] as string[], refusals: [] as string[] };
  page.on('dialog', (dialog) => { seen.dialogs.push(dialog.message()); void dialog.dismiss(); });
  page.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) seen.refusals.push(message.text()); });
  return seen;
}

describe('the session cookie and stored links in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;

  it('keeps the token out of the page\'s reach, works, and signing out clears it', async () => {
    const { page, context } = await suite.newPage();
    const seen = watch(page);
    const home = await page.goto('/login');
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('Admin@123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const token = (await context.cookies()).find((c) => c.name === 'TOKEN');
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const visible = await page.evaluate(() => `${document.cookie} ${JSON.stringify({ ...localStorage })} ${JSON.stringify({ ...sessionStorage })}`);
    expect(visible).not.toContain(token!.value);
    expect(visible).toContain('SIGNED_IN=1');

    // The app works on the cookie alone: the menu, a list, a reload.
    await expect.poll(() => page.getByTestId('menu-system').count()).toBe(1);
    await page.goto('/system/config/shortcut');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);

    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await page.waitForURL((url) => url.pathname === '/login');
    const names = (await context.cookies()).map((c) => c.name);
    expect(names).not.toContain('TOKEN');
    expect(names).not.toContain('SIGNED_IN');
    const dead = await fetch(`${suite.baseUrl}/capi/get/system/getUserInfo`, { headers: { Authorization: `Bearer ${token!.value}` } });
    expect(dead.status).toBe(401);
    // After sign-out a page of the app sends to sign-in again.
    await page.goto('/system/config/shortcut');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(seen).toEqual({ dialogs: [], refusals: [] });
    await context.close();
  });

  it('refuses a javascript: link in the form, and renders none that an older row holds', async () => {
    // Rows written before the server refused such links: a menu entry, an iframe entry, a shortcut.
    const made = await fetch(`${suite.baseUrl}/capi/get/system/login`, { method: 'POST', body: new URLSearchParams({ accountId: 'admin', password: 'Admin@123' }) });
    const admin = ((await made.json()) as { data: { token: string } }).data.token;
    const insert = async (call: string, values: Record<string, string>) => {
      const res = await fetch(`${suite.baseUrl}/capi/set/system/${call}`, { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: new URLSearchParams(values) });
      const body = await res.json() as { code: number; message: string; data: Record<string, string> };
      expect(body.code, body.message).toBe(200);
      return body.data;
    };
    const page1 = await insert('insertMenu', { name: 'xss_page', title: '旧链接', menuType: 'page', path: '/xss-page', entity: 'OfficeOut' });
    const frame = await insert('insertMenu', { name: 'xss_frame', title: '旧内嵌', menuType: 'iframe', path: '/xss-frame', url: 'https://www.example.cn' });
    const shortcut = await insert('insertShortcut', { title: '旧快捷', path: '/office/out', openMode: 'self' });
    await db().updateTable('sys_menu').set({ path: 'javascript:alert(document.domain)' }).where('menuId', '=', page1.menuId).execute();
    await db().updateTable('sys_menu').set({ url: 'javascript:alert(document.domain)' }).where('menuId', '=', frame.menuId).execute();
    await db().updateTable('sys_shortcut').set({ path: 'javascript:alert(document.domain)' }).where('shortcutId', '=', shortcut.shortcutId).execute();

    const { page, context } = await suite.newPage('admin');
    const seen = watch(page);
    await page.goto('/system/config/shortcut/save');
    await page.getByTestId('field-title').locator('input').fill('坏快捷');
    await page.getByTestId('field-path').locator('input').fill('  JavaScript:alert(document.domain)');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByTestId('field-path').textContent()).toContain('链接应为以 / 开头的系统内路径或 http(s):// 开头的网址');
    await suite.screenshot(page, 'e2e-session-link-refused');
    expect(await db().selectFrom('sys_shortcut').select('shortcutId').where('title', '=', '坏快捷').execute()).toEqual([]);

    // The old rows: shown as text at most, never as a link; clicking runs nothing.
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('menu-xss_page').count()).toBe(1);
    expect(await page.evaluate(() => document.querySelectorAll('a[href^="javascript" i], iframe[src^="javascript" i]').length)).toBe(0);
    await page.getByTestId('menu-xss_page').click();
    await page.goto('/i/xss_frame');
    await expect.poll(() => page.locator('.ant-result-403').count()).toBe(1);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(seen).toEqual({ dialogs: [], refusals: [] });
    await context.close();
  });
});
