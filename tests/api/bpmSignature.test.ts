import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeUnlinkedAttachments } from '../../server/files/purgeUnlinkedAttachments';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const DAY_AND_AN_HOUR = 25 * 3_600_000;

const databases = await databasesUnderTest();

/**
 * The self-service handwritten signature (docs/WORKFLOW.md › Handwritten signature): a user
 * uploads, reads back, replaces and removes their own; nobody else reads or changes it through
 * these calls; a signature that signed a decision outlives its replacement and the file purge.
 */
describe.each(databases)('self-service handwritten signatures on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  const tokens: Record<string, string> = {};
  const as = (account: string) => tokens[account];

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    for (const account of ['admin', 'lina', 'yanglei', 'liuyang']) tokens[account] = await s.login(account);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const ok = <T = any>(res: { body: { code: number; message: string; data: T } }): T => {
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const fetchAs = (account: string, call: string) => fetch(`${s.baseUrl}/capi${call}`, { headers: { Authorization: `Bearer ${as(account)}` } });
  /** getBpmSignImage as `account`: the status and the bytes. */
  const signImage = async (account: string, auditId?: string) => {
    const res = await fetchAs(account, `/get/bpm/getBpmSignImage${auditId ? `?auditId=${auditId}` : ''}`);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const mySign = async (account: string) => ok<{ attachId: string | null }>(await s.get(as(account), '/get/bpm/getMyBpmSign')).attachId;
  const upload = async (account: string, name: string, content: Buffer) => ok<{ attachId: string }>(await s.upload(as(account), '/set/file/uploadBpmSign', { name, content })).attachId;
  const attachRow = (attachId: string) => db().selectFrom('sys_attach').select('attachId').where('attachId', '=', attachId).executeTakeFirst();

  it('lets a user upload, read back, replace and remove their own signature, and nobody else', async () => {
    expect(await mySign('lina')).toBeNull();
    expect((await signImage('lina')).status).toBe(204);
    const first = await upload('lina', '我的签名.png', PNG);
    expect(await mySign('lina')).toBe(first);
    expect(await signImage('lina')).toEqual({ status: 200, bytes: PNG });

    // Another user: getMyBpmSign and getBpmSignImage answer their own (none), the file itself is refused.
    expect(await mySign('liuyang')).toBeNull();
    expect((await signImage('liuyang')).status).toBe(204);
    expect((await fetchAs('liuyang', `/get/file/getFileDown?attachId=${first}`)).status).toBe(403);
    // The existing rule for 签批设置: the system administrator reads every row's image.
    expect((await fetchAs('admin', `/get/file/getFileDown?attachId=${first}`)).status).toBe(200);

    // liuyang's upload and removal change his own row only.
    const his = await upload('liuyang', 'sign.gif', GIF);
    expect(his).not.toBe(first);
    // Nor can he put his picture on her row through the generic 签批设置 calls: they need the system permission.
    const hers = await db().selectFrom('sys_signature_config').select(['signatureId', 'rowVersion']).where('userId', '=', users.lina.userId).executeTakeFirstOrThrow();
    const generic = await s.post(as('liuyang'), '/set/system/updateSignatureConfig', { signatureId: hers.signatureId, signImage: his, rowVersion: hers.rowVersion });
    expect(generic.body.code).toBe(403);
    expect(ok(await s.post(as('liuyang'), '/set/bpm/deleteMyBpmSign', {}))).toEqual({ removed: true });
    expect(await mySign('liuyang')).toBeNull();
    expect(await mySign('lina')).toBe(first);
    expect(await signImage('lina')).toEqual({ status: 200, bytes: PNG });

    // Replaced: the new picture is read back, the old one is no longer held by her row.
    const second = await upload('lina', '新签名.gif', GIF);
    expect(second).not.toBe(first);
    expect(await mySign('lina')).toBe(second);
    expect(await signImage('lina')).toEqual({ status: 200, bytes: GIF });
    expect(await db().selectFrom('sys_attach_link').select('entity').where('attachId', '=', first).execute()).toEqual([]);

    // Removed: none any more; removing again is no error.
    expect(ok(await s.post(as('lina'), '/set/bpm/deleteMyBpmSign', {}))).toEqual({ removed: true });
    expect(await mySign('lina')).toBeNull();
    expect((await signImage('lina')).status).toBe(204);
    expect(ok(await s.post(as('lina'), '/set/bpm/deleteMyBpmSign', {}))).toEqual({ removed: false });
    const row = await db().selectFrom('sys_signature_config').select(['signImage', 'enabled']).where('userId', '=', users.lina.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ signImage: null, enabled: 0 });

    // Never used on a decision, both pictures go with the purge of unlinked files.
    await purgeUnlinkedAttachments(s.server.ctx, new Date(Date.now() + DAY_AND_AN_HOUR));
    expect(await attachRow(first)).toBeUndefined();
    expect(await attachRow(second)).toBeUndefined();
  });

  it('keeps a replaced or removed signature on the decisions it signed, through the purge', async () => {
    const signed = await upload('yanglei', 'sign.png', PNG);
    const applyId = ok(await s.post(as('lina'), '/set/bpm/insertBpmSealApply', {
      title: '签名留存', sealType: 'contract', copies: 1, useDate: '2026-12-10', amount: 100, reason: '签订合同',
    })).applyId as string;
    const { instanceId } = ok(await s.post(as('lina'), '/set/bpm/startProcess', { bizEntity: 'BpmSealApply', bizId: applyId }));
    const task = await db().selectFrom('bpm_task').select('taskId').where('instanceId', '=', instanceId)
      .where('assignee', '=', users.yanglei.userId).where('status', '=', 'pending').executeTakeFirstOrThrow();
    ok(await s.post(as('yanglei'), '/set/bpm/completeTask', { taskId: String(task.taskId), action: 'agree', sign: 1 }));
    const line = ok(await s.get(as('lina'), '/get/bpm/getInstanceById', { instanceId })).history.find((h: { action: string }) => h.action === 'agree');
    expect(line.signAttachId).toBe(signed);

    const replacement = await upload('yanglei', 'sign2.gif', GIF);
    expect(ok(await s.post(as('yanglei'), '/set/bpm/deleteMyBpmSign', {}))).toEqual({ removed: true });
    expect(await mySign('yanglei')).toBeNull();
    // The decision still shows the picture it was signed with, to the request's participants only.
    expect(await signImage('lina', line.auditId)).toEqual({ status: 200, bytes: PNG });
    expect((await signImage('liuyang', line.auditId)).status).toBe(403);

    await purgeUnlinkedAttachments(s.server.ctx, new Date(Date.now() + DAY_AND_AN_HOUR));
    expect(await attachRow(signed)).toBeDefined();
    expect(await attachRow(replacement)).toBeUndefined();
    expect(await signImage('lina', line.auditId)).toEqual({ status: 200, bytes: PNG });
    // The link that keeps it lends nobody the file.
    expect((await fetchAs('liuyang', `/get/file/getFileDown?attachId=${signed}`)).status).toBe(403);
  });
});
