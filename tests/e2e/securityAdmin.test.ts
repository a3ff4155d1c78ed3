import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/** Three-role security in the browser: the administrator asks, the security administrator decides. */
describe('a permission change approved by the security administrator', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });

  const staffRole = () => suite.server.ctx.database.db.selectFrom('sys_role').selectAll().where('roleCode', '=', 'staff').executeTakeFirstOrThrow();

  it('holds the administrator\'s change until the security administrator approves it in the list', async () => {
    const role = await staffRole();
    expect(role.dataScope).toBe('1');
    const { page: adminPage, context: adminContext } = await suite.newPage('admin');
    await adminPage.goto(`/system/role/save?id=${String(role.roleId)}`);
    await adminPage.getByTestId('field-dataScope').locator('.ant-select-selector').click();
    await adminPage.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '本单位数据' }).click();
    await adminPage.getByTestId('form-submit').click();
    await expect.poll(() => adminPage.getByText('权限变更已提交安全管理员审批，批准后生效').count()).toBeGreaterThan(0);
    expect((await staffRole()).dataScope).toBe('1');
    // The administrator has no security-approval page.
    expect(await adminPage.getByTestId('menu-systemSecurityEvent').count()).toBe(0);
    await adminContext.close();

    const event = await suite.server.ctx.database.db.selectFrom('sys_security_event').selectAll()
      .where('recordId', '=', String(role.roleId)).where('status', '=', 'pending').executeTakeFirstOrThrow();
    const { page, context } = await suite.newPage('secadmin');
    await page.goto('/system/security-event');
    await page.getByTestId(`row-transition-approve-${String(event.eventId)}`).click();
    await page.getByTestId('transition-opinion').fill('同意');
    await suite.screenshot(page, 'e2e-security-approve');
    await page.getByTestId('transition-confirm').click();
    await expect.poll(async () => (await staffRole()).dataScope).toBe('4');
    await context.close();
  });

  it('shows the operation log to the auditor only, with the approval in it', async () => {
    const { page, context } = await suite.newPage('auditor');
    await page.goto('/system/operation-log');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.ant-table-tbody').textContent()).toContain('安全管理员');
    await suite.screenshot(page, 'e2e-auditor-log');
    expect(await page.getByTestId('menu-systemUser').count()).toBe(0);
    await context.close();
  });

  it('counts unread messages on the bell and opens them', async () => {
    const { db } = suite.server.ctx.database;
    const lina = await db.selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    // The demo data leaves lina some unread notices (her requests' decisions): the bell counts one more.
    const unread = await db.selectFrom('sys_message').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('receiverId', '=', String(lina.userId)).where('readFlag', '=', 0).executeTakeFirstOrThrow();
    const { sendMessage } = await import('../../server/messages/sendMessage');
    await sendMessage(suite.server.ctx, db, { receiverId: String(lina.userId), title: '请于周五前提交周报', msgType: 'reminder' });
    const { page, context } = await suite.newPage('lina');
    await expect.poll(() => page.locator('.ant-badge', { has: page.getByTestId('message-bell') }).locator('.ant-badge-count').textContent()).toBe(String(Number(unread.n) + 1));
    await page.getByTestId('message-bell').click();
    await page.waitForURL('**/personal/message');
    await expect.poll(() => page.getByTestId('inbox').textContent()).toContain('请于周五前提交周报');
    await suite.screenshot(page, 'e2e-my-messages');
    await context.close();
  });
});
