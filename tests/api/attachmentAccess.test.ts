import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';
import { backfillAttachmentLinks, LINK_TABLE } from '../../server/files/attachmentLinks';

const databases = await databasesUnderTest();

/**
 * Files are read through the records that hold them: the uploader, and whoever may read a
 * record holding the file (permission + data scope, or the my-list owner); nobody else, not even
 * a colleague of the same unit.
 */
describe.each(databases)('attachment access through the records that hold them on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  let hr: string; // zhangwei: HR, unit scope on contracts
  let hr2: string; // zhaomin: HR too
  let lina: string; // staff: reads her own contracts (my list)
  let liuyang: string; // staff of the same unit: no contract of hers
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    [hr, hr2, lina, liuyang, admin] = await Promise.all(['zhangwei', 'zhaomin', 'lina', 'liuyang', 'admin'].map((a) => s.login(a)));
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const upload = async (token: string, name: string) => {
    const res = await s.upload(token, '/set/file/uploadFile', { name, content: `bytes of ${name}` }, { module: 'fixedattach' });
    expect(res.body.code).toBe(200);
    return String(res.body.data.attachId);
  };
  const downloadStatus = async (token: string, attachId: string) =>
    (await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { Authorization: `Bearer ${token}` } })).status;
  const listed = async (token: string, ids: string[]) =>
    ((await s.get(token, '/get/file/getAttachList', { attachIds: ids.join(',') })).body.data as { attachId: string }[]).map((r) => r.attachId);
  const linksOf = async (attachId: string) =>
    (await db().selectFrom(LINK_TABLE).select(['entity', 'recordId']).where('attachId', '=', attachId).execute())
      .map((r) => `${String(r.entity)}:${String(r.recordId)}`);
  const contract = (over: Record<string, unknown>) =>
    ({ userId: users.lina.userId, contractType: 'fixed', startDate: '2026-01-01', endDate: '2026-12-31', ...over });

  it('keeps a file no record holds to its uploader (and the admin role), refusing a colleague of the same unit', async () => {
    const id = await upload(lina, '草稿.pdf');
    expect(users.lina.unitId).toBe(users.liuyang.unitId);
    expect(await downloadStatus(lina, id)).toBe(200);
    expect(await downloadStatus(admin, id)).toBe(200);
    expect(await downloadStatus(liuyang, id)).toBe(403);
    expect(await listed(liuyang, [id])).toEqual([]);
    expect(await listed(lina, [id])).toEqual([id]);
  });

  it('lets the readers of a contract read its files: the employee it is for, HR in scope; not other staff', async () => {
    const id = await upload(hr, '劳动合同扫描件.pdf');
    const saved = await s.post(hr, '/set/hr/insertHrContract', contract({ attachIds: id }));
    expect(saved.body.code).toBe(200);
    const contractId = String(saved.body.data.contractId);
    expect(await linksOf(id)).toEqual([`HrContract:${contractId}`]);
    for (const reader of [hr, hr2, lina, admin]) expect(await downloadStatus(reader, id)).toBe(200);
    expect(await listed(lina, [id])).toEqual([id]);
    expect(await downloadStatus(liuyang, id)).toBe(403);
    expect(await listed(liuyang, [id])).toEqual([]);

    // Moving the contract to liuyang moves who may read the file with it.
    const moved = await s.post(hr, '/set/hr/updateHrContract', { ...saved.body.data, userId: users.liuyang.userId });
    expect(moved.body.code).toBe(200);
    expect(await downloadStatus(liuyang, id)).toBe(200);
    expect(await downloadStatus(lina, id)).toBe(403);

    // Taking the file off the contract ends it for the contract's readers; the uploader keeps it.
    const cleared = await s.post(hr, '/set/hr/updateHrContract', { ...moved.body.data, attachIds: '' });
    expect(cleared.body.code).toBe(200);
    expect(await linksOf(id)).toEqual([]);
    expect(await downloadStatus(liuyang, id)).toBe(403);
    expect(await downloadStatus(hr2, id)).toBe(403);
    expect(await downloadStatus(hr, id)).toBe(200);
  });

  it('drops the links with the record', async () => {
    const id = await upload(hr, '待删除.pdf');
    const saved = await s.post(hr, '/set/hr/insertHrContract', contract({ attachIds: id }));
    expect(await downloadStatus(lina, id)).toBe(200);
    const deleted = await s.post(hr, '/set/hr/deleteHrContract', { contractId: saved.body.data.contractId });
    expect(deleted.body.code).toBe(200);
    expect(await linksOf(id)).toEqual([]);
    expect(await downloadStatus(lina, id)).toBe(403);
  });

  it('refuses to attach a file the writer cannot read, writing nothing', async () => {
    const foreign = await upload(lina, '李娜的私人文件.pdf');
    const before = await db().selectFrom('hr_contract').select('contractId').execute();
    const res = await s.post(hr, '/set/hr/insertHrContract', contract({ attachIds: foreign }));
    expect(res.body.code).toBe(100);
    expect(res.body.message).toContain('附件不存在或无权使用');
    const unknown = await s.post(hr, '/set/hr/insertHrContract', contract({ attachIds: 'no-such-file' }));
    expect(unknown.body.code).toBe(100);
    expect(await db().selectFrom('hr_contract').select('contractId').execute()).toHaveLength(before.length);
    expect(await linksOf(foreign)).toEqual([]);
    expect(await downloadStatus(hr, foreign)).toBe(403);
  });

  it('lets another editor keep a file already on the record, and add a file they can read through another record', async () => {
    const first = await upload(hr, '原件.pdf');
    const saved = await s.post(hr, '/set/hr/insertHrContract', contract({ attachIds: first }));
    const contractId = String(saved.body.data.contractId);
    // zhaomin did not upload it but may read it through the contract: saving it unchanged or with her own file works.
    const own = await upload(hr2, '补充协议.pdf');
    const edited = await s.post(hr2, '/set/hr/updateHrContract', { ...saved.body.data, attachIds: `${first},${own}` });
    expect(edited.body.code).toBe(200);
    expect((await linksOf(own))).toEqual([`HrContract:${contractId}`]);
    expect(await downloadStatus(lina, own)).toBe(200);
  });

  it('links the files of records written before the link table existed, once, at start-up', async () => {
    const id = await upload(hr, '旧合同.pdf');
    const saved = await s.post(hr, '/set/hr/insertHrContract', contract({ attachIds: id }));
    expect(saved.body.code).toBe(200);
    await db().deleteFrom(LINK_TABLE).execute();
    expect(await downloadStatus(lina, id)).toBe(403);
    expect(await backfillAttachmentLinks(s.server.ctx)).toBeGreaterThan(0);
    expect(await linksOf(id)).toEqual([`HrContract:${String(saved.body.data.contractId)}`]);
    expect(await downloadStatus(lina, id)).toBe(200);
  });
});
