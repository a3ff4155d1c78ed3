import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { databasesUnderTest } from '../support/databases';
import { answer, startTestServer, type TestServer } from '../support/testServer';
import { startFakeImapServer, type FakeImapServer } from '../support/fakeImapServer';
import { startTestSmtpServer, type TestSmtpServer } from '../support/testSmtpServer';
import { demoUsers, type DemoUser } from './helpers';
import { fetchInbox } from '../../server/adapters/mail/imapInbox';
import { upgradeModuleData } from '../../server/modules';
import { createSecretBox, secretBoxFor } from '../../server/security/secretBox';

const databases = await databasesUnderTest();

const ACCOUNT = { user: 'ly@corp.example', pass: 'Out#Side9' };
const PDF = Buffer.from('%PDF-1.4\n%offer\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A message as an outside mail program writes it (nodemailer's composer): MIME, encoded words, parts. */
async function rawMail(options: Mail.Options): Promise<string> {
  return (await new MailComposer(options).compile().build()).toString('utf8');
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * One's own outside mail account (server/modules/email/externalMail.ts, imapFetch.ts): outside
 * mail sent through the person's SMTP account — a real SMTP server on a local port receives it —
 * and their INBOX fetched over IMAP from a real socket (tests/support/fakeImapServer.ts) by the
 * real client, into their mailbox: once each, cleaned, with their files; refusals in words.
 */
describe.each(databases)('own outside mail account on $name', (database) => {
  let s: TestServer;
  let smtp: TestSmtpServer;
  let imap: FakeImapServer;
  let liuyang: string;
  let zhoujie: string;
  let admin: string;
  let users: Record<string, DemoUser>;
  let configId: string;

  beforeAll(async () => {
    s = await startTestServer(database);
    smtp = await startTestSmtpServer(ACCOUNT);
    imap = await startFakeImapServer(ACCOUNT);
    [liuyang, zhoujie, admin] = await Promise.all(['liuyang', 'zhoujie', 'admin'].map((a) => s.login(a)));
    users = await demoUsers(s);
    const config = await s.postJson(liuyang, '/set/email/insertEmailConfig', {
      displayName: '刘洋', pageSize: 20, externalEnabled: 1, externalAddress: ACCOUNT.user,
      smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpSsl: 0, imapHost: '127.0.0.1', imapPort: imap.port, imapSsl: 0,
      mailAccount: ACCOUNT.user, mailPassword: ACCOUNT.pass,
    });
    expect(config.body.code, config.body.message).toBe(200);
    configId = String(config.body.data.configId);
  });
  afterAll(async () => {
    await s?.stop();
    await smtp?.close();
    await imap?.close();
  });

  const db = () => s.server.ctx.database.db;
  const setConfig = async (values: Record<string, unknown>) => {
    const res = await s.postJson(liuyang, '/set/email/updateEmailConfig', { configId, ...values });
    expect(res.body.code, res.body.message).toBe(200);
  };
  const folder = async (token: string, name: string) =>
    (await s.get(token, '/get/email/getMyEmailList', { folder: name, pageSize: 100 })).body.data.list as Record<string, unknown>[];
  const fetchMail = (token = liuyang) => s.postJson(token, '/set/email/fetchExternalMail', {});
  const download = async (token: string, attachId: string) =>
    fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { Authorization: `Bearer ${token}` } });

  it('sends outside addresses through the own SMTP account with the files; a refusal keeps the mail as a draft', async () => {
    const upload = await s.upload(liuyang, '/set/file/uploadFile', { name: '合作方案.pdf', content: PDF }, { module: 'email' });
    const attachId = String(upload.body.data.attachId);
    const sent = await s.postJson(liuyang, '/set/email/sendEmail', {
      subject: '合作方案', content: '<p>附件是方案，请查收</p>', toIds: [users.zhoujie.userId],
      externalTo: 'partner@example.com; boss@example.org', attachments: [attachId],
    });
    expect(sent.body.code, sent.body.message).toBe(200);
    expect(sent.body.data).toMatchObject({ via: 'account', from: ACCOUNT.user, external: { sent: ['partner@example.com', 'boss@example.org'], failed: [] } });
    expect(smtp.received).toHaveLength(1);
    const [out] = smtp.received;
    expect(out!.user).toBe(ACCOUNT.user);
    expect(out!.to).toEqual(['partner@example.com', 'boss@example.org']);
    expect(out!.mail.from?.value[0]).toMatchObject({ address: ACCOUNT.user, name: '刘洋' });
    expect(out!.mail.subject).toBe('合作方案');
    expect(out!.mail.html).toContain('附件是方案');
    expect(out!.mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['合作方案.pdf', PDF.toString()]]);
    // Not through the server's mail (the outbox), and the colleague inside has it.
    expect(await db().selectFrom('sys_outbox').select('outboxId').where('recipient', '=', 'partner@example.com').execute()).toHaveLength(0);
    expect((await folder(zhoujie, 'inbox')).some((m) => m.emailId === sent.body.data.emailId)).toBe(true);

    // The SMTP server refuses the password: a clear message, the mail kept in 草稿箱, nobody inside reached.
    await setConfig({ mailPassword: 'wrong-password' });
    const refused = await s.postJson(liuyang, '/set/email/sendEmail', { subject: '密码错误时', content: '<p>x</p>', toIds: [users.zhoujie.userId], externalTo: 'partner@example.com' });
    expect(refused.body.code).toBe(100);
    expect(refused.body.message).toBe(`邮箱服务器 127.0.0.1:${smtp.port} 拒绝了账号或密码，请在邮件设置中检查`);
    const draftId = String(refused.body.data.emailId);
    expect((await folder(liuyang, 'drafts')).map((m) => m.emailId)).toContain(draftId);
    expect((await folder(zhoujie, 'inbox')).some((m) => m.emailId === draftId)).toBe(false);
    expect(smtp.received).toHaveLength(1);
    // The same refusal in English for an English reader.
    const english = await answer(await fetch(`${s.baseUrl}/capi/set/email/sendEmail`, {
      method: 'POST', headers: { Authorization: `Bearer ${liuyang}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ emailId: draftId, subject: '密码错误时', toIds: [users.zhoujie.userId], externalTo: 'partner@example.com' }),
    }));
    expect(english.body.message).toBe(`The mail server 127.0.0.1:${smtp.port} refused the account or password; please check them in your mail settings`);
    expect(english.body.data.emailId).toBe(draftId);

    // No server at the address: another clear message; the draft is still the one draft.
    await setConfig({ mailPassword: ACCOUNT.pass, smtpPort: await closedPort() });
    const unreachable = await s.postJson(liuyang, '/set/email/sendEmail', { emailId: draftId, subject: '密码错误时', toIds: [users.zhoujie.userId], externalTo: 'partner@example.com' });
    expect(unreachable.body.code).toBe(100);
    expect(unreachable.body.message).toMatch(/^无法连接邮箱服务器 127\.0\.0\.1:\d+/);
    expect((await folder(liuyang, 'drafts')).filter((m) => m.emailId === draftId)).toHaveLength(1);

    // Set right, the draft goes: outside and inside, and leaves 草稿箱.
    await setConfig({ smtpPort: smtp.port });
    const resent = await s.postJson(liuyang, '/set/email/sendEmail', { emailId: draftId, subject: '密码错误时', content: '<p>x</p>', toIds: [users.zhoujie.userId], externalTo: 'partner@example.com' });
    expect(resent.body.code, resent.body.message).toBe(200);
    expect(resent.body.data.emailId).toBe(draftId);
    expect(smtp.received).toHaveLength(2);
    expect((await folder(liuyang, 'drafts')).some((m) => m.emailId === draftId)).toBe(false);
    expect((await folder(zhoujie, 'inbox')).some((m) => m.emailId === draftId)).toBe(true);
  });

  it('fetches the outside INBOX into the mailbox once: sender, cleaned HTML, files as the owner\'s, notes for what stays outside', async () => {
    imap.deliver(await rawMail({
      from: '合作伙伴 <partner@example.com>', to: ACCOUNT.user, cc: 'other@example.net', subject: '报价单（第二版）',
      messageId: '<offer-2@example.com>', headers: { 'X-Priority': '1 (Highest)', Importance: 'High' },
      html: '<p>您好，报价见附件<img src="x" onerror="alert(1)"><img src="cid:logo@partner"></p><a href="javascript:alert(1)">点此</a><script>alert(2)</script>',
      attachments: [
        { filename: '报价单.pdf', content: PDF, contentType: 'application/pdf' },
        { filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@partner' },
        { filename: 'setup.exe', content: Buffer.from('MZ'), contentType: 'application/octet-stream' },
      ],
    }));
    imap.deliver(await rawMail({ from: 'news@example.org', to: ACCOUNT.user, subject: '月度简报', messageId: '<news-11@example.org>', text: '第一行\n第二行' }));

    const fetched = await fetchMail();
    expect(fetched.body.code, fetched.body.message).toBe(200);
    expect(fetched.body.data).toEqual({ fetched: 2, more: false });
    const inbox = await folder(liuyang, 'inbox');
    const offer = inbox.find((m) => m.subject === '报价单（第二版）');
    expect(offer).toMatchObject({ mailState: 'received', senderId: '', importance: 'important', readFlag: 0, hasAttachments: true });
    expect(String(offer!.senderIdName)).toContain('partner@example.com');
    expect(offer).not.toHaveProperty('externalKey');
    expect(inbox.some((m) => m.subject === '月度简报')).toBe(true);

    const detail = (await s.get(liuyang, '/get/email/getEmailDetail', { copyId: offer!.copyId })).body.data;
    expect(detail.externalTo).toContain('other@example.net');
    expect(detail.content).toContain('报价见附件');
    expect(detail.content).not.toMatch(/onerror|javascript:|<script|alert\(2\)|cid:/i);
    expect(detail.content).toContain('setup.exe');
    // The inline image points at its stored file; the PDF is the mail's attachment.
    const inlineId = /data-attach-id="([\w-]+)"/.exec(String(detail.content))?.[1];
    expect(inlineId).toBeTruthy();
    const [fileId] = String(detail.attachments).split(',');
    const file = await download(liuyang, fileId!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe(PDF.toString());
    expect((await download(liuyang, inlineId!)).status).toBe(200);
    // The files are the owner's: nobody else reads them.
    expect((await download(zhoujie, fileId!)).status).not.toBe(200);
    expect((await download(zhoujie, inlineId!)).status).not.toBe(200);
    const owners = await db().selectFrom('sys_attach').select('createUser').where('attachId', 'in', [fileId!, inlineId!]).execute();
    expect(owners.map((o) => o.createUser)).toEqual([users.liuyang.userId, users.liuyang.userId]);

    // Fetched again: nothing new, and only the UIDs after the last one taken are asked for.
    expect((await fetchMail()).body.data).toEqual({ fetched: 0, more: false });
    expect(imap.commands.filter((c) => c.includes('UID FETCH') && c.includes('RFC822.SIZE')).at(-1)).toContain('UID FETCH 3:*');
    // The provider renumbered the mailbox (a new UIDVALIDITY): the Message-IDs still keep each mail once.
    imap.renumber();
    expect((await fetchMail()).body.data).toEqual({ fetched: 0, more: false });
    expect((await folder(liuyang, 'inbox')).filter((m) => m.subject === '报价单（第二版）')).toHaveLength(1);

    // A reply goes back outside: to the sender, and for reply-all the other outside recipients, never oneself.
    const reply = (await s.get(liuyang, '/get/email/getEmailReply', { copyId: offer!.copyId, mode: 'replyAll' })).body.data;
    expect(reply).toMatchObject({ subject: 'Re: 报价单（第二版）', toIds: [], externalTo: 'partner@example.com, other@example.net' });

    // Someone without an outside account is told what to set up.
    const none = await fetchMail(zhoujie);
    expect(none.body.code).toBe(100);
    expect(none.body.message).toContain('IMAP');
  });

  it('fetches through the scheduled task, records why a fetch failed, and asks for a password it cannot open', async () => {
    imap.deliver(await rawMail({ from: 'partner@example.com', to: ACCOUNT.user, subject: '定时收取', messageId: '<timed-1@example.com>', text: '定时任务收到' }));
    const task = await db().selectFrom('sys_scheduled_task').select('taskId').where('jobName', '=', 'fetchExternalMail').executeTakeFirstOrThrow();
    const run = await s.post(admin, '/set/system/runScheduledTask', { id: task.taskId });
    expect(run.body.code, run.body.message).toBe(200);
    expect(run.body.data.status).toBe('success');
    expect((await folder(liuyang, 'inbox')).some((m) => m.subject === '定时收取')).toBe(true);
    const note = await db().selectFrom('sys_message').select(['title', 'link']).where('receiverId', '=', users.liuyang.userId).where('link', '=', '/email/mailbox').execute();
    expect(note.map((n) => n.title)).toContain('外部邮箱收到 1 封新邮件');
    const config = async () => (await s.get(liuyang, '/get/email/getEmailConfigById', { id: configId })).body.data;
    expect(await config()).toMatchObject({ imapFetchStatus: 'ok', mailPassword: null, mailPasswordSet: true });

    // The IMAP server refuses the password: the words, and the status on the settings.
    await setConfig({ mailPassword: 'wrong-password' });
    const refused = await fetchMail();
    expect(refused.body.code).toBe(100);
    expect(refused.body.message).toBe(`邮箱服务器 127.0.0.1:${imap.port} 拒绝了账号或密码，请在邮件设置中检查`);
    expect((await config()).imapFetchStatus).toBe('auth');
    expect((await s.get(liuyang, '/get/email/getMyEmailConfig')).body.data.external).toMatchObject({ canFetch: true, fetchStatus: 'auth' });

    // A password sealed under another key (the data folder's key was lost): asked for again, never a 500.
    const foreign = createSecretBox(Buffer.alloc(32, 7)).seal(ACCOUNT.pass);
    await db().updateTable('email_config').set({ mailPassword: foreign }).where('configId', '=', configId).execute();
    const unreadable = await fetchMail();
    expect(unreadable.body.code).toBe(100);
    expect(unreadable.body.message).toContain('重新输入密码');
    expect((await config()).imapFetchStatus).toBe('secret');
    await setConfig({ mailPassword: ACCOUNT.pass });
    expect((await fetchMail()).body.code).toBe(200);
  });

  it('seals the clear passwords an older version stored, once, at start', async () => {
    await db().insertInto('email_config').values({
      configId: 'legacy-clear-config', displayName: '旧数据', pageSize: 20, replyWithQuote: 1, notifyNewMail: 1, externalEnabled: 0,
      mailAccount: 'old@example.com', mailPassword: 'Clear#Old1', createUser: users.zhoujie.userId, createDept: '', unitId: '',
      createTime: '2020-01-01 00:00:00', updateTime: '2020-01-01 00:00:00',
    }).execute();
    const stored = async () => String((await db().selectFrom('email_config').select('mailPassword').where('configId', '=', 'legacy-clear-config').executeTakeFirstOrThrow()).mailPassword);
    // The start's data upgrades (ServerModule.upgradeData), as the next start runs them.
    await upgradeModuleData(s.server.ctx);
    const sealed = await stored();
    expect(sealed).toMatch(/^v1:/);
    expect(secretBoxFor(s.server.ctx).open(sealed)).toBe('Clear#Old1');
    await upgradeModuleData(s.server.ctx);
    expect(await stored()).toBe(sealed);
  });
});

/** The IMAP adapter alone, against the same real socket: where a first fetch starts and what it leaves on the server. */
describe('IMAP adapter limits', () => {
  it('takes the newest messages on a first fetch, the next ones in order after, and no body over the size limit', async () => {
    const server = await startFakeImapServer(ACCOUNT);
    try {
      for (let i = 1; i <= 5; i += 1) server.deliver(await rawMail({ from: 'a@example.com', to: ACCOUNT.user, subject: `第${i}封`, text: i === 5 ? 'x'.repeat(5000) : 'short' }));
      const account = { host: '127.0.0.1', port: server.port, secure: false, ...ACCOUNT };
      const limits = { maxMessages: 2, maxMessageBytes: 3000, timeoutMs: 5000 };
      const seen: string[] = [];
      const first = await fetchInbox(account, null, limits, async (mail) => { seen.push(mail.tooLarge ? `large:${mail.uid}` : mail.subject); });
      // The newest two: the 4th, and the 5th too large to download.
      expect(seen).toEqual(['第4封', 'large:5']);
      expect(first.position.lastUid).toBe(5);
      expect(server.commands.some((c) => c.includes('UID FETCH 5 (UID BODY'))).toBe(false);
      for (let i = 6; i <= 8; i += 1) server.deliver(await rawMail({ from: 'a@example.com', to: ACCOUNT.user, subject: `第${i}封`, text: 'short' }));
      seen.length = 0;
      const next = await fetchInbox(account, first.position, limits, async (mail) => { seen.push(mail.subject); });
      expect(seen).toEqual(['第6封', '第7封']);
      expect(next).toMatchObject({ taken: 2, more: true, position: { lastUid: 7 } });
    } finally {
      await server.close();
    }
  });
});
