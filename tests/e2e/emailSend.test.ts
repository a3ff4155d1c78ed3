import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';

/**
 * Internal mail in Chromium: lina writes to liuyang with a file through the compose page; liuyang
 * finds it unread and bold in his inbox, opens it (read on the server), sees the text and the
 * file, and reads the file. Screenshots in Chinese and English.
 */
describe('sending internal mail with an attachment and reading it as the recipient', () => {
  let suite: BrowserSuite;
  beforeAll(async () => { suite = await startBrowserSuite(); });
  afterAll(async () => { await suite.stop(); });
  const db = () => suite.server.ctx.database.db;

  it('sends from the compose page and reads it in the recipient\'s mailbox', async () => {
    const sender = await suite.newPage('lina');
    const { page } = sender;
    await page.goto('/email/compose');
    const to = page.getByTestId('mail-to');
    await to.locator('.ant-select-selector').click();
    await to.locator('input').fill('刘洋');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '刘洋' }).first().click();
    await page.getByTestId('mail-subject-input').fill('浏览器测试：联调材料');
    await page.getByTestId('mail-content-editor').locator('[contenteditable=true]').fill('请查收联调材料，周五前反馈。');
    // While the file is on its way, the mail cannot be sent without it: held here until the buttons are seen disabled.
    let arrive: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { arrive = resolve; });
    await page.route('**/capi/set/file/uploadFile**', async (route) => { await held; await route.continue(); });
    await page.getByTestId('mail-compose-page').locator('.ant-upload input[type=file]').setInputFiles({ name: '联调清单.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e\n') });
    await page.getByText('联调清单.pdf').waitFor();
    await expect.poll(() => page.getByTestId('mail-send').isDisabled()).toBe(true);
    expect(await page.getByTestId('mail-save-draft').isDisabled()).toBe(true);
    arrive();
    await expect.poll(() => page.getByTestId('mail-send').isDisabled()).toBe(false);
    await suite.screenshot(page, 'e2e-email-compose-zh');
    await page.getByTestId('mail-send').click();
    await page.waitForURL((url) => url.pathname === '/email/mailbox');
    const sent = await db().selectFrom('email_message').selectAll().where('subject', '=', '浏览器测试：联调材料').executeTakeFirstOrThrow();
    expect(String(sent.attachments)).not.toBe('');
    await sender.context.close();

    const { page: reader, context } = await suite.newPage('liuyang');
    await reader.goto('/email/mailbox');
    const row = reader.getByTestId('mail-row').filter({ hasText: '浏览器测试：联调材料' });
    await expect.poll(() => row.getAttribute('data-unread')).toBe('1');
    await row.click();
    await expect.poll(() => reader.getByTestId('mail-subject').textContent()).toContain('浏览器测试：联调材料');
    await expect.poll(() => reader.getByTestId('mail-content').textContent()).toContain('请查收联调材料');
    await reader.getByTestId('mail-attachments').getByText('联调清单.pdf').waitFor();
    await expect.poll(() => row.getAttribute('data-unread')).toBe('0');
    const liuyang = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'liuyang').executeTakeFirstOrThrow();
    const copy = await db().selectFrom('email_copy').select(['readFlag']).where('emailId', '=', sent.emailId).where('createUser', '=', liuyang.userId).executeTakeFirstOrThrow();
    expect(Number(copy.readFlag)).toBe(1);
    // The file downloads with the recipient's session.
    const status = await reader.evaluate(async (attachId) => (await fetch(`/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status, String(sent.attachments).split(',')[0]);
    expect(status).toBe(200);
    await suite.screenshot(reader, 'e2e-email-read-zh');

    await reader.getByTestId('lang-switch').click();
    await expect.poll(() => reader.getByTestId('mail-reply').textContent()).toContain('Reply');
    await suite.screenshot(reader, 'e2e-email-read-en');

    // The new-mail message's link: the mobile details of the mail (/app/email/details?emailId=…).
    await reader.setViewportSize({ width: 390, height: 844 });
    await reader.goto(`/app/email/details?emailId=${String(sent.emailId)}`);
    await expect.poll(() => reader.getByTestId('mobile-details').textContent()).toContain('浏览器测试：联调材料');
    await suite.screenshot(reader, 'e2e-email-mobile-en');
    await context.close();
  });
});
