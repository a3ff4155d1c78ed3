import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex');

const fields = {
  enterpriseName: '宁波海曙启明贸易有限公司', creditCode: '91330203MA2GQW8L3E', legalPerson: '李启明',
  contactName: '孙悦', contactPhone: '0574-87770001', address: '宁波市海曙区中山西路 1 号',
};

describe.each(databases)('enterprise registration under /capi/ent/enterprise on $name', (database) => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(database); });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const url = (name: string) => `/ent/enterprise/${name}`;
  const multipart = async (token: string | undefined, name: string, values: Record<string, string>, file?: { name: string; content: Buffer }): Promise<Answer> => {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.append(k, v);
    if (file) form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
    const response = await fetch(`${s.baseUrl}/capi${url(name)}`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: form });
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
  const byName = (name: string) => db().selectFrom('sys_enterprise').selectAll().where('enterpriseName', '=', name).executeTakeFirstOrThrow();
  const attachFiles = () => {
    const dir = path.join(s.dataDir, 'attachments');
    const walk = (d: string): string[] => (fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [e.name])) : []);
    return walk(dir).length;
  };

  it('refuses every route without a session (401, envelope)', async () => {
    for (const [method, name] of [['GET', 'page'], ['GET', 'getEnterpriseInfo'], ['POST', 'saveEnterprise'], ['POST', 'editEnterprise'], ['POST', 'audiEnterpriseInfo'], ['POST', 'deleteEnterpriseInfo']] as const) {
      const res = method === 'GET' ? await s.get(undefined, url(name)) : await s.post(undefined, url(name), {});
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(401);
    }
    expect((await s.get('forged', url('page'))).status).toBe(401);
  });

  it('pages: a registrant sees their own records, the administrator all, filtered by audit status', async () => {
    const mine = await s.get(await s.login('sunyue'), url('page'), { page: 1, pageSize: 15 });
    expect(mine.body.code).toBe(200);
    expect(mine.body.data.total).toBe(3);
    expect(mine.body.data.list.map((r: { auditStatus: string }) => r.auditStatus).sort()).toEqual(['approved', 'pending', 'rejected']);
    const admin = await s.login('admin');
    const pending = await s.get(admin, url('page'), { auditStatus: 'pending' });
    expect(pending.body.data.list.map((r: { enterpriseName: string }) => r.enterpriseName)).toEqual(['上海云帆信息技术有限公司']);
    expect((await s.get(admin, url('page'), { auditStatus: 'weird' })).body.code).toBe(100);
    // A user without any enterprise permission is refused.
    expect((await s.get(await s.login('lina'), url('page'))).status).toBe(403);
  });

  it('saves a registration with its licence file (multipart) as pending; the file is downloadable', async () => {
    const token = await s.login('sunyue');
    const res = await multipart(token, 'saveEnterprise', fields, { name: '营业执照.png', content: PNG });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ enterpriseName: fields.enterpriseName, auditStatus: 'pending' });
    const attachId = String(res.body.data.licenseAttach);
    const attach = await db().selectFrom('sys_attach').selectAll().where('attachId', '=', attachId).executeTakeFirstOrThrow();
    expect(attach).toMatchObject({ name: '营业执照.png', extName: 'png', fileSize: PNG.length, module: 'enterprise' });
    const file = await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}&extName=png`, { headers: { Authorization: `Bearer ${token}` } });
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    const info = await s.get(token, url('getEnterpriseInfo'), { id: res.body.data.enterpriseId });
    expect(info.body.data).toMatchObject({ enterpriseName: fields.enterpriseName, licenseAttach: attachId });
    // The registration starts its history like every request: submitted by the registrant, awaiting audit.
    const sunyue = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'sunyue').executeTakeFirstOrThrow();
    const log = await s.get(await s.login('admin'), '/get/system/getFlowLog', { entity: 'Enterprise', id: res.body.data.enterpriseId });
    expect(log.body.data).toEqual([expect.objectContaining({ transition: '$submit', fromState: '', toState: 'pending', userId: sunyue.userId })]);
    // Without id: the caller's latest own registration.
    const latest = await s.get(token, url('getEnterpriseInfo'));
    expect(latest.body.data.enterpriseId).toBe(res.body.data.enterpriseId);
    // Nobody else's records for lina: null.
    const none = await s.get(await s.login('admin'), url('getEnterpriseInfo'));
    expect(none.body.data).toBeNull();
  });

  it('refuses a save without licence, with a bad field or a wrong file type, leaving no file behind', async () => {
    const token = await s.login('sunyue');
    const files = attachFiles();
    const noLicence = await multipart(token, 'saveEnterprise', { ...fields, enterpriseName: '无执照公司' });
    expect(noLicence.body.code).toBe(100);
    expect(noLicence.body.data.errors.map((e: { field: string }) => e.field)).toContain('licenseAttach');
    const badCode = await multipart(token, 'saveEnterprise', { ...fields, enterpriseName: '错误代码公司', creditCode: '123' }, { name: 'a.png', content: PNG });
    expect(badCode.body.code).toBe(100);
    expect(badCode.body.message).toContain('统一社会信用代码应为 18 位数字或大写字母');
    const exe = await multipart(token, 'saveEnterprise', { ...fields, enterpriseName: '可执行文件公司' }, { name: 'virus.exe', content: Buffer.from('MZ') });
    expect(exe.body.code).toBe(100);
    expect(exe.body.message).toContain('营业执照只能是图片或 PDF 文件');
    expect(attachFiles()).toBe(files);
    expect(await db().selectFrom('sys_enterprise').select('enterpriseId').where('enterpriseName', 'in', ['无执照公司', '错误代码公司', '可执行文件公司']).execute()).toHaveLength(0);
    // Someone else's uploaded attachment cannot be claimed as one's licence.
    const lina = await s.login('zhangwei');
    const foreign = await s.upload(lina, '/set/file/uploadFile', { name: 'x.png', content: PNG }, { module: 'fixedattach' });
    const claimed = await s.post(token, url('saveEnterprise'), { ...fields, enterpriseName: '冒用附件公司', licenseAttach: foreign.body.data.attachId });
    expect(claimed.body).toMatchObject({ code: 100, message: '营业执照附件不存在或不是您上传的' });
    // One's own earlier upload may be.
    const own = await s.upload(token, '/set/file/uploadFile', { name: 'own.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') }, { module: 'fixedattach' });
    const form = await s.post(token, url('saveEnterprise'), { ...fields, enterpriseName: '表单提交公司', licenseAttach: own.body.data.attachId });
    expect(form.body.code).toBe(200);
  });

  it('edits pending and rejected records (a rejected one goes back to audit), never approved ones', async () => {
    const token = await s.login('sunyue');
    const pending = await byName('上海云帆信息技术有限公司');
    // The demo records carry no licence yet: an edit without one is refused, naming the field.
    const noLicence = await multipart(token, 'editEnterprise', { id: String(pending.enterpriseId), contactName: '周小帆' });
    expect(noLicence.body.code).toBe(100);
    expect(noLicence.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['licenseAttach']);
    const edited = await multipart(token, 'editEnterprise', { id: String(pending.enterpriseId), contactName: '周小帆' }, { name: '执照.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') });
    expect(edited.body.code).toBe(200);
    expect(edited.body.data).toMatchObject({ contactName: '周小帆', auditStatus: 'pending', creditCode: pending.creditCode });

    const rejected = await byName('苏州明德精密制造有限公司');
    const resubmitted = await multipart(token, 'editEnterprise', { enterpriseId: String(rejected.enterpriseId), remark: '已重新上传清晰扫描件' }, { name: '新执照.jpg', content: PNG });
    expect(resubmitted.body.data).toMatchObject({ auditStatus: 'pending', remark: '已重新上传清晰扫描件' });
    expect(resubmitted.body.data.licenseAttach).not.toBe(rejected.licenseAttach);
    const log = await s.get(await s.login('admin'), '/get/system/getFlowLog', { entity: 'Enterprise', id: rejected.enterpriseId });
    expect(log.body.data.map((l: { transition: string }) => l.transition)).toEqual(expect.arrayContaining(['reject', 'resubmit']));

    const approved = await byName('杭州青禾农业科技有限公司');
    const refused = await s.post(token, url('editEnterprise'), { id: approved.enterpriseId, contactName: '改不了' });
    expect(refused.body).toMatchObject({ code: 100, message: '已审核通过的企业信息不能修改' });
    // A user without update permission: 403.
    expect((await s.post(await s.login('lina'), url('editEnterprise'), { id: pending.enterpriseId, contactName: 'x' })).status).toBe(403);
  });

  it('audits through audiEnterpriseInfo (administrators only) and the generic transitions alike', async () => {
    const admin = await s.login('admin');
    await s.post(await s.login('sunyue'), url('saveEnterprise'), { ...fields, enterpriseName: '待审公司甲', licenseAttach: (await s.upload(await s.login('sunyue'), '/set/file/uploadFile', { name: 'a.png', content: PNG }, {})).body.data.attachId });
    const target = await byName('待审公司甲');
    expect((await s.post(await s.login('sunyue'), url('audiEnterpriseInfo'), { id: target.enterpriseId, auditStatus: 'approved' })).status).toBe(403);
    expect((await s.post(admin, url('audiEnterpriseInfo'), { id: target.enterpriseId, auditStatus: 'maybe' })).body.message).toBe('审核结果只能是 approved（通过）或 rejected（驳回）');
    const noReason = await s.post(admin, url('audiEnterpriseInfo'), { id: target.enterpriseId, auditStatus: 'rejected' });
    expect(noReason.body).toMatchObject({ code: 100, message: '驳回时请填写审核意见' });
    const rejected = await s.post(admin, url('audiEnterpriseInfo'), { id: target.enterpriseId, auditStatus: 'rejected', opinion: '法定代表人与执照不符' });
    expect(rejected.body.data.auditStatus).toBe('rejected');
    // The registrant resubmits through the generic transition, the administrator approves through the generic one.
    const resubmit = await s.post(await s.login('sunyue'), '/set/system/resubmitEnterprise', { id: target.enterpriseId });
    expect(resubmit.body.data.auditStatus).toBe('pending');
    const approved = await s.post(admin, url('audiEnterpriseInfo'), { id: target.enterpriseId, auditStatus: 'approved', opinion: '同意' });
    expect(approved.body.data.auditStatus).toBe('approved');
    const again = await s.post(admin, '/set/system/approveEnterprise', { id: target.enterpriseId });
    expect(again.body.code).toBe(100);
    const log = await s.get(admin, '/get/system/getFlowLog', { entity: 'Enterprise', id: target.enterpriseId });
    expect(log.body.data.map((l: { transition: string }) => l.transition)).toEqual(['$submit', 'reject', 'resubmit', 'approve']);
  });

  it('deletes pending and rejected records only; approved ones are refused with a clear message', async () => {
    const token = await s.login('sunyue');
    const approved = await byName('杭州青禾农业科技有限公司');
    const refused = await s.post(token, url('deleteEnterpriseInfo'), { id: approved.enterpriseId });
    expect(refused.body).toMatchObject({ code: 100, message: '企业“杭州青禾农业科技有限公司”已审核通过，不能删除；只能删除待审核或审核未通过的记录' });
    // A batch containing an approved record deletes nothing.
    const pending = await byName('表单提交公司');
    const batch = await s.post(token, url('deleteEnterpriseInfo'), { ids: [pending.enterpriseId, approved.enterpriseId] });
    expect(batch.body.code).toBe(100);
    expect(await db().selectFrom('sys_enterprise').select('enterpriseId').where('enterpriseId', '=', pending.enterpriseId).execute()).toHaveLength(1);

    const removed = await s.post(token, url('deleteEnterpriseInfo'), { id: pending.enterpriseId });
    expect(removed.body).toMatchObject({ code: 200, data: { deleted: 1 } });
    // A rejected record may go too.
    const admin = await s.login('admin');
    await s.post(admin, url('audiEnterpriseInfo'), { id: (await byName('上海云帆信息技术有限公司')).enterpriseId, auditStatus: 'rejected', opinion: '重复登记' });
    const rejected = await s.post(token, url('deleteEnterpriseInfo'), { id: (await byName('上海云帆信息技术有限公司')).enterpriseId });
    expect(rejected.body.data.deleted).toBe(1);
    // Another person's record is out of a registrant's scope.
    const adminOwn = await s.post(admin, url('saveEnterprise'), { ...fields, enterpriseName: '管理员代录公司', licenseAttach: (await s.upload(admin, '/set/file/uploadFile', { name: 'b.png', content: PNG }, {})).body.data.attachId });
    expect(adminOwn.body.code).toBe(200);
    const foreign = await s.post(token, url('deleteEnterpriseInfo'), { id: adminOwn.body.data.enterpriseId });
    expect(foreign.status).toBe(403);
    const unknown = await s.post(token, url('deleteEnterpriseInfo'), { id: 'nope' });
    expect(unknown.status).toBe(404);
  });

  it('backs the generic audit screen: the admin role lists, views and decides with the same permissions', async () => {
    const admin = await s.login('admin');
    const list = await s.get(admin, '/get/system/getEnterpriseList', { filterObj: { auditStatus: { value: 'approved', operator: 'eq' } } });
    expect(list.body.code).toBe(200);
    expect(list.body.data.total).toBeGreaterThanOrEqual(1);
    const approved = await byName('杭州青禾农业科技有限公司');
    const deleteGeneric = await s.post(admin, '/set/system/deleteEnterprise', { id: approved.enterpriseId });
    expect(deleteGeneric.body.code).toBe(100);
    const registrantList = await s.get(await s.login('sunyue'), '/get/system/getMyEnterpriseList');
    expect(registrantList.body.code).toBe(200);
    expect((await s.get(await s.login('sunyue'), '/get/system/getEnterpriseList')).status).toBe(403);
  });
});

describe('enterprise prefix from configuration', () => {
  it('serves the calls under ENTERPRISE_PREFIX and nowhere else', async () => {
    const s = await startTestServer({ name: 'sqlite' }, { ENTERPRISE_PREFIX: 'qy' });
    try {
      const token = await s.login('sunyue');
      expect((await s.get(token, '/qy/enterprise/page')).body.data.total).toBe(3);
      expect((await s.get(token, '/ent/enterprise/page')).status).toBe(404);
    } finally {
      await s.stop();
    }
  });
});
