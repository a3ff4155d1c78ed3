import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Password guessing locks the account; the sign-in page says so; the security administrator lifts the lock. */
describe('sign-in locks in the browser', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const db = () => suite.server.ctx.database.db;
  const POLL = { timeout: 10_000 };
  const guess = async (accountId: string, times: number) => {
    for (let i = 0; i < times; i += 1) {
      await fetch(`${suite.baseUrl}/capi/get/system/login`, { method: 'POST', body: new URLSearchParams({ accountId, password: `guess-${i}` }) });
    }
  };
  const lockOf = (target: string) => db().selectFrom('sys_login_lock').selectAll().where('target', '=', target).executeTakeFirstOrThrow();

  it('refuses the right password while locked, shows the lock to the security administrator, who lifts it', async () => {
    await guess('lina', 5);
    const { page: login, context: loginContext } = await suite.newPage();
    await login.goto('/login');
    await login.getByTestId('login-account').fill('lina');
    await login.getByTestId('login-password').fill('Demo@123');
    await login.getByTestId('login-submit').click();
    const notice = login.getByText(/登录失败次数过多，账号已锁定，请 1[45] 分钟后再试/);
    await expect.poll(() => notice.count(), POLL).toBeGreaterThan(0);
    // Shown in full (past its fade-in) for the screenshot.
    await expect.poll(() => notice.first().evaluate((el) => getComputedStyle(el.closest('.ant-message-notice-wrapper') ?? el).opacity), POLL).toBe('1');
    await suite.screenshot(login, 'e2e-login-locked');
    expect(new URL(login.url()).pathname).toBe('/login');

    const lock = await lockOf('lina');
    const { page, context } = await suite.newPage('secadmin');
    await page.goto('/system/login-lock');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent(), POLL).toContain('lina');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent(), POLL).toContain('锁定中');
    await suite.screenshot(page, 'e2e-login-lock-list');
    await page.getByTestId(`row-transition-unlock-${String(lock.lockId)}`).click();
    await page.getByTestId('transition-confirm').click();
    // Lifted, the lock leaves the list (its row stays, 已解锁, with its history).
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count(), POLL).toBe(0);
    const left = await db().selectFrom('sys_login_lock').select('status').where('target', '=', 'lina').execute();
    expect(left.filter((row) => row.status === 'locked')).toEqual([]);
    await context.close();

    await login.getByTestId('login-submit').click();
    await login.waitForURL((url) => !url.pathname.startsWith('/login'));
    await loginContext.close();
  });

  it('speaks English to an English-speaking security administrator', async () => {
    await guess('zhoujie', 5);
    await db().updateTable('sys_user').set({ language: 'en' }).where('accountId', '=', 'secadmin').execute();
    const { page, context } = await suite.newPage();
    await page.goto('/login');
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.getByTestId('login-submit').textContent(), POLL).toBe('Sign in');
    await page.getByTestId('login-account').fill('secadmin');
    await page.getByTestId('login-password').fill('Demo@123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/system/login-lock');
    await expect.poll(() => page.locator('.ant-table-tbody').textContent(), POLL).toContain('zhoujie');
    const table = await page.locator('.ant-table').textContent();
    for (const text of ['Account or address', 'Failures', 'Locked until', 'Unlock']) expect(table).toContain(text);
    await suite.screenshot(page, 'e2e-login-lock-list-en');
    await context.close();
  });
});
