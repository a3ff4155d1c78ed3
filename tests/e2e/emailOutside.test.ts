import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import { startBrowserSuite, type BrowserSuite } from '../support/browser';
import { startFakeImapServer, type FakeImapServer } from '../support/fakeImapServer';
import { answer, DEFAULT_DEMO_PASSWORD, formBody } from '../support/testServer';

const ACCOUNT = { user: 'ly@corp.example', pass: 'Out#Side9' };

/**
 * One's outside mailbox in Chromium: liuyang's settings name an IMAP server (a small one on a
 * local socket, tests/support/fakeImapServer.ts); 收取邮件 in the mailbox brings its mail in, the
 * reader shows the outside sender and the cleaned text, and 回复 starts a mail to the outside
 * sender. Screenshots in Chinese.
 */
describe('fetching one\'s outside mailbox from the mailbox page', () => {
  let suite: BrowserSuite;
  let imap: FakeImapServer;
  beforeAll(async () => {
    suite = await startBrowserSuite();
    imap = await startFakeImapServer(ACCOUNT);
    const login = await answer(await fetch(`${suite.baseUrl}/capi/get/system/login`, { method: 'POST', body: formBody({ accountId: 'liuyang', password: DEFAULT_DEMO_PASSWORD }) }));
    const saved = await answer(await fetch(`${suite.baseUrl}/capi/set/email/insertEmailConfig`, {
      method: 'POST', headers: { Authorization: `Bearer ${login.body.data.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        displayName: '刘洋', pageSize: 20, externalEnabled: 1, externalAddress: ACCOUNT.user, imapHost: '127.0.0.1', imapPort: imap.port, imapSsl: 0,
        mailAccount: ACCOUNT.user, mailPassword: ACCOUNT.pass,
      }),
    }));
    expect(saved.body.code, saved.body.message).toBe(200);
  });
  afterAll(async () => {
    await suite?.stop();
    await imap?.close();
  });

  it('fetches with 收取邮件, reads the outside mail, and replies to its sender', async () => {
    const raw = await new MailComposer({
      from: '合作伙伴 <partner@example.com>', to: ACCOUNT.user, subject: '浏览器测试：外部报价', messageId: '<e2e-offer@example.com>',
      html: '<p>报价已更新，请查收<img src="x" onerror="document.title=\'pwned\'"></p>',
    }).compile().build();
    imap.deliver(raw.toString('utf8'));

    const { page, context } = await suite.newPage('liuyang');
    await page.goto('/email/mailbox');
    await page.getByTestId('mail-fetch').click();
    const row = page.getByTestId('mail-row').filter({ hasText: '浏览器测试：外部报价' });
    await expect.poll(() => row.getAttribute('data-unread')).toBe('1');
    await expect.poll(() => row.textContent()).toContain('partner@example.com');
    await row.click();
    await expect.poll(() => page.getByTestId('mail-content').textContent()).toContain('报价已更新');
    expect(await page.title()).not.toBe('pwned');
    await suite.screenshot(page, 'e2e-email-outside-fetched-zh');

    await page.getByTestId('mail-reply').click();
    await page.waitForURL((url) => url.pathname === '/email/compose');
    await expect.poll(() => page.getByTestId('mail-external').inputValue()).toBe('partner@example.com');
    await expect.poll(() => page.getByTestId('mail-subject-input').inputValue()).toBe('Re: 浏览器测试：外部报价');
    await suite.screenshot(page, 'e2e-email-outside-reply-zh');
    await context.close();
  });
});
