import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';
import { secretBoxFor } from '../../server/security/secretBox';

const databases = await databasesUnderTest();

/**
 * Internal mail (server/modules/email): one message, one copy per owner. The box rules — the
 * sender's sent copy, the recipients' inbox copies, blind copies hidden, read state per owner,
 * trash then physical delete of one's own copy only —, files readable by recipients alone,
 * nobody else (the administrator included) reading a mail, counts, drafts, outside addresses.
 */
describe.each(databases)('internal mail on $name', (database) => {
  let s: TestServer;
  let lina: string;
  let liuyang: string;
  let zhoujie: string;
  let chenjing: string;
  let admin: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [lina, liuyang, zhoujie, chenjing, admin] = await Promise.all(['lina', 'liuyang', 'zhoujie', 'chenjing', 'admin'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s?.stop(); });

  const inbox = async (token: string, params: Record<string, unknown> = {}) =>
    (await s.get(token, '/get/email/getMyEmailList', { pageSize: 100, ...params })).body.data as { list: Record<string, unknown>[]; total: number };
  const copyOf = async (token: string, emailId: string, folder = 'inbox') =>
    (await inbox(token, { folder })).list.find((m) => m.emailId === emailId);
  const download = async (token: string, attachId: string) =>
    (await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { Authorization: `Bearer ${token}` } })).status;

  it('delivers a copy to each recipient, keeps the sender\'s in Sent, hides bcc, and lets recipients alone read the file', async () => {
    const upload = await s.upload(lina, '/set/file/uploadFile', { name: '需求说明.pdf', content: Buffer.from('%PDF-1.4\n%mail\n') }, { module: 'email' });
    expect(upload.body.code, upload.body.message).toBe(200);
    const attachId = String(upload.body.data.attachId);
    const sent = await s.postJson(lina, '/set/email/sendEmail', {
      subject: '接口联调安排', content: '<p>明天上午联调<img src="x" onerror="alert(1)"></p><script>alert(1)</script>',
      toIds: [users.liuyang.userId], ccIds: [users.zhoujie.userId], bccIds: [users.chenjing.userId], attachments: [attachId], importance: 'important',
      externalTo: 'files.partner@example.com',
    });
    expect(sent.body.code, sent.body.message).toBe(200);
    const emailId = String(sent.body.data.emailId);
    expect(sent.body.data.recipients).toBe(3);

    const mine = await copyOf(lina, emailId, 'sent');
    expect(mine?.bccIds).toBe(users.chenjing.userId);
    expect(await copyOf(lina, emailId, 'inbox')).toBeUndefined();
    for (const token of [liuyang, zhoujie, chenjing]) {
      const copy = await copyOf(token, emailId);
      expect(copy?.readFlag).toBe(0);
      expect(copy?.hasAttachments).toBe(true);
    }
    // Blind copies: others see none; the bcc recipient sees only themselves.
    expect((await copyOf(liuyang, emailId))?.bccIds).toBe('');
    expect((await copyOf(chenjing, emailId))?.bccIds).toBe(users.chenjing.userId);
    const detail = await s.get(zhoujie, '/get/email/getEmailDetail', { emailId });
    expect(detail.body.data.bccIds).toBe('');
    expect(detail.body.data.content).not.toMatch(/onerror|<script/i);

    // Read per recipient: zhoujie's reading leaves liuyang's copy unread.
    expect((await copyOf(zhoujie, emailId))?.readFlag).toBe(1);
    expect((await copyOf(liuyang, emailId))?.readFlag).toBe(0);

    // The outside address gets the files too (the outbox names them under the text).
    const outside = await s.server.ctx.database.db.selectFrom('sys_outbox').select('body').where('recipient', '=', 'files.partner@example.com').executeTakeFirst();
    expect(String(outside?.body)).toMatch(/\[需求说明\.pdf\]$/);

    // A site message links the recipient to the mail.
    const messages = await s.server.ctx.database.db.selectFrom('sys_message').select(['link']).where('receiverId', '=', users.liuyang.userId).execute();
    expect(messages.map((m) => m.link)).toContain(`/app/email/details?emailId=${emailId}`);

    // Files: recipients read them, someone outside the mail does not.
    expect(await download(liuyang, attachId)).toBe(200);
    expect(await download(chenjing, attachId)).toBe(200);
    const wangfang = await s.login('wangfang');
    expect(await download(wangfang, attachId)).not.toBe(200);

    // Nobody else reads the mail, the administrator included.
    for (const token of [wangfang, admin]) {
      const res = await s.get(token, '/get/email/getEmailById', { id: emailId });
      expect(res.status).toBe(404);
      expect((await inbox(token)).list.some((m) => m.emailId === emailId)).toBe(false);
    }
  });

  it('counts unread per folder, marks read and starred in batches, moves to a folder of one\'s own', async () => {
    const send = async (subject: string) => String((await s.postJson(lina, '/set/email/sendEmail', { subject, content: '<p>x</p>', toIds: [users.liuyang.userId] })).body.data.emailId);
    const ids = [await send('计数一'), await send('计数二')];
    const before = (await s.get(liuyang, '/get/email/getEmailCount')).body.data;
    const copies = (await inbox(liuyang)).list.filter((m) => ids.includes(String(m.emailId)));
    const copyIds = copies.map((c) => c.copyId);
    expect((await s.postJson(liuyang, '/set/email/setEmailRead', { copyIds, readFlag: 1 })).body.code).toBe(200);
    const after = (await s.get(liuyang, '/get/email/getEmailCount')).body.data;
    expect(after.inbox.unread).toBe(before.inbox.unread - 2);
    expect(after.inbox.total).toBe(before.inbox.total);

    expect((await s.postJson(liuyang, '/set/email/setEmailStar', { copyIds: [copyIds[0]], starred: 1 })).body.code).toBe(200);
    expect((await inbox(liuyang, { folder: 'starred' })).list.map((m) => m.copyId)).toContain(copyIds[0]);
    // Someone else's copy is not found, and nothing changes.
    expect((await s.postJson(zhoujie, '/set/email/setEmailStar', { copyIds: [copyIds[1]], starred: 1 })).status).toBe(404);

    const box = await s.postJson(liuyang, '/set/email/insertEmailBox', { boxName: '联调', sort: 1 });
    const boxId = box.body.data.boxId;
    expect((await s.postJson(liuyang, '/set/email/moveEmail', { copyIds, folder: 'custom', boxId })).body.code).toBe(200);
    const count = (await s.get(liuyang, '/get/email/getEmailCount')).body.data;
    expect(count.boxes.find((b: { boxId: string }) => b.boxId === boxId).total).toBe(2);
    expect((await inbox(liuyang, { folder: 'custom', boxId })).total).toBe(2);
    // Another's folder is not a place to move to.
    const foreign = await s.postJson(zhoujie, '/set/email/insertEmailBox', { boxName: '他人', sort: 1 });
    const refused = await s.postJson(liuyang, '/set/email/moveEmail', { copyIds, folder: 'custom', boxId: foreign.body.data.boxId });
    expect(refused.body.code).toBe(100);
    // Deleting the folder returns its mail to the inbox.
    expect((await s.post(liuyang, '/set/email/deleteEmailBox', { id: boxId })).body.code).toBe(200);
    expect((await inbox(liuyang)).list.filter((m) => ids.includes(String(m.emailId)))).toHaveLength(2);

    // Keyword search over subject and text.
    expect((await inbox(liuyang, { keyword: '计数二' })).list.map((m) => m.emailId)).toEqual([ids[1]]);
  });

  it('trashes, restores and deletes for good only the owner\'s copy; the message goes with its last copy', async () => {
    const sent = await s.postJson(lina, '/set/email/sendEmail', { subject: '删除规则', content: '<p>x</p>', toIds: [users.liuyang.userId, users.zhoujie.userId] });
    const emailId = String(sent.body.data.emailId);
    const copy = await copyOf(liuyang, emailId);
    // Straight from the inbox it cannot be purged: to the trash first.
    expect((await s.postJson(liuyang, '/set/email/deleteEmailPhysical', { copyIds: [copy!.copyId] })).body.code).toBe(100);
    expect((await s.postJson(liuyang, '/set/email/deleteEmail', { copyIds: [copy!.copyId] })).body.code).toBe(200);
    expect(await copyOf(liuyang, emailId, 'trash')).toBeDefined();
    expect((await s.postJson(liuyang, '/set/email/restoreEmail', { copyIds: [copy!.copyId] })).body.code).toBe(200);
    expect(await copyOf(liuyang, emailId, 'inbox')).toBeDefined();
    await s.postJson(liuyang, '/set/email/deleteEmail', { copyIds: [copy!.copyId] });
    expect((await s.postJson(liuyang, '/set/email/deleteEmailPhysical', { copyIds: [copy!.copyId] })).body.code).toBe(200);
    expect((await s.get(liuyang, '/get/email/getEmailById', { id: emailId })).status).toBe(404);
    // The others keep theirs.
    expect(await copyOf(zhoujie, emailId)).toBeDefined();
    expect(await copyOf(lina, emailId, 'sent')).toBeDefined();

    // Sent mail is deleted for good straight from Sent; the last copy takes the message with it.
    const sentCopy = await copyOf(lina, emailId, 'sent');
    expect((await s.postJson(lina, '/set/email/deleteEmailPhysical', { copyIds: [sentCopy!.copyId] })).body.code).toBe(200);
    const zCopy = await copyOf(zhoujie, emailId);
    await s.postJson(zhoujie, '/set/email/deleteEmail', { copyIds: [zCopy!.copyId] });
    await s.postJson(zhoujie, '/set/email/deleteEmailPhysical', { copyIds: [zCopy!.copyId] });
    const left = await s.server.ctx.database.db.selectFrom('email_message').select('emailId').where('emailId', '=', emailId).execute();
    expect(left).toHaveLength(0);
  });

  it('saves a draft, sends it later, replies and forwards, sends outside addresses through the outbox', async () => {
    const draft = await s.postJson(lina, '/set/email/saveEmail', { subject: '周报（草稿）', content: '<p>本周完成</p>', toIds: [users.liuyang.userId] });
    expect(draft.body.code, draft.body.message).toBe(200);
    const emailId = String(draft.body.data.emailId);
    expect(await copyOf(lina, emailId, 'drafts')).toBeDefined();
    // A draft reaches nobody.
    expect(await copyOf(liuyang, emailId)).toBeUndefined();
    expect((await s.get(liuyang, '/get/email/getEmailById', { id: emailId })).status).toBe(404);

    const sent = await s.postJson(lina, '/set/email/sendEmail', {
      emailId, subject: '周报', content: '<p>本周完成联调</p>', toIds: [users.liuyang.userId], externalTo: 'partner@example.com; boss@example.org',
    });
    expect(sent.body.code, sent.body.message).toBe(200);
    expect(sent.body.data.emailId).toBe(emailId);
    expect(sent.body.data.external.sent).toEqual(['partner@example.com', 'boss@example.org']);
    expect(await copyOf(lina, emailId, 'drafts')).toBeUndefined();
    expect(await copyOf(lina, emailId, 'sent')).toBeDefined();
    expect((await copyOf(liuyang, emailId))?.subject).toBe('周报');
    const outbox = await s.server.ctx.database.db.selectFrom('sys_outbox').select(['recipient', 'subject']).where('channel', '=', 'mail').execute();
    expect(outbox).toEqual(expect.arrayContaining([{ recipient: 'partner@example.com', subject: '周报' }]));
    // A sent mail is no draft any more.
    expect((await s.postJson(lina, '/set/email/saveEmail', { emailId, subject: '改' })).body.code).toBe(100);

    const reply = (await s.get(liuyang, '/get/email/getEmailReply', { emailId, mode: 'replyAll' })).body.data;
    expect(reply.subject).toBe('Re: 周报');
    expect(reply.toIds).toEqual([users.lina.userId]);
    expect(reply.content).toContain('本周完成联调');
    const forward = (await s.get(liuyang, '/get/email/getEmailReply', { emailId, mode: 'forward' })).body.data;
    expect(forward.subject).toBe('Fw: 周报');
    expect(forward.toIds).toEqual([]);

    // Bad input is code 100 with a message, never a 500.
    for (const body of [{ subject: 'x', toIds: ['nobody'] }, { subject: 'x' }, { subject: 'x', externalTo: 'not-an-address' }, { subject: 'x', toIds: [users.liuyang.userId], importance: 'huge' }]) {
      const res = await s.postJson(lina, '/set/email/sendEmail', body);
      expect(res.body.code, JSON.stringify(body)).toBe(100);
      expect(res.body.message).toBeTruthy();
    }
    // Someone else's file cannot be attached.
    const other = await s.upload(chenjing, '/set/file/uploadFile', { name: '薪酬.pdf', content: Buffer.from('%PDF-1.4\n%salary\n') }, { module: 'email' });
    const leak = await s.postJson(lina, '/set/email/sendEmail', { subject: 'x', toIds: [users.liuyang.userId], attachments: [other.body.data.attachId] });
    expect(leak.body.code).toBe(100);
  });

  it('expands groups, forwards incoming mail to an outside address, and never answers the mail password', async () => {
    const group = await s.postJson(lina, '/set/system/insertPersonalGroup', { groupName: '联调小组', memberIds: [users.liuyang.userId, users.zhoujie.userId] });
    expect(group.body.code, group.body.message).toBe(200);
    const rule = await s.postJson(zhoujie, '/set/email/insertEmailForwardConfig', { forwardTo: 'zhoujie@example.net', enabled: 1, onlyImportant: 0 });
    expect(rule.body.code, rule.body.message).toBe(200);
    const sent = await s.postJson(lina, '/set/email/sendEmail', { subject: '分组邮件', content: '<p>x</p>', toGroupIds: [group.body.data.groupId] });
    expect(sent.body.code, sent.body.message).toBe(200);
    expect(sent.body.data.recipients).toBe(2);
    expect(sent.body.data.forwarded).toBe(1);
    expect(await copyOf(zhoujie, String(sent.body.data.emailId))).toBeDefined();
    // Another's personal group is not one to send to.
    expect((await s.postJson(chenjing, '/set/email/sendEmail', { subject: 'x', toGroupIds: [group.body.data.groupId] })).body.code).toBe(100);

    const config = await s.postJson(liuyang, '/set/email/insertEmailConfig', { displayName: '刘洋', pageSize: 20, externalEnabled: 1, mailAccount: 'ly@example.com', mailPassword: 'S3cret!pw' });
    expect(config.body.code, config.body.message).toBe(200);
    const id = config.body.data.configId;
    const read = await s.get(liuyang, '/get/email/getEmailConfigById', { id });
    expect(read.body.data.mailPassword).toBeNull();
    expect(read.body.data.mailPasswordSet).toBe(true);
    expect(JSON.stringify((await s.get(liuyang, '/get/email/getEmailConfigList')).body.data)).not.toContain('S3cret');
    // An update without a password keeps the stored one; the operation log never holds it.
    expect((await s.postJson(liuyang, '/set/email/updateEmailConfig', { configId: id, displayName: '刘洋2', mailPassword: '' })).body.code).toBe(200);
    // Stored sealed with the server's key (server/security/secretBox.ts), never in clear; the server opens it.
    const stored = await s.server.ctx.database.db.selectFrom('email_config').select('mailPassword').where('configId', '=', id).executeTakeFirst();
    expect(String(stored?.mailPassword)).toMatch(/^v1:/);
    expect(String(stored?.mailPassword)).not.toContain('S3cret');
    expect(secretBoxFor(s.server.ctx).open(String(stored?.mailPassword))).toBe('S3cret!pw');
    const logged = await s.server.ctx.database.db.selectFrom('sys_operation_log').selectAll().execute();
    expect(JSON.stringify(logged)).not.toContain('S3cret');
    // Settings are their owner's: another user does not read them.
    expect((await s.get(zhoujie, '/get/email/getEmailConfigById', { id })).status).not.toBe(200);

    // getMyEmailConfig: the settings in force, and what the outside account can do (no SMTP or IMAP server named yet).
    const mine = (await s.get(liuyang, '/get/email/getMyEmailConfig')).body.data;
    expect(mine).toMatchObject({ configId: id, pageSize: 20, external: { enabled: true, canSend: false, canFetch: false, fetchStatus: null } });
    expect(JSON.stringify(mine)).not.toContain('v1:');
    const defaults = (await s.get(chenjing, '/get/email/getMyEmailConfig')).body.data;
    expect(defaults).toMatchObject({ configId: null, pageSize: 20, replyWithQuote: true, notifyNewMail: true, external: { enabled: false, canSend: false, canFetch: false } });
  });
});
