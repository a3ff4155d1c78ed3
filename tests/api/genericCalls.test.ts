import { workbook, readSheet } from '../support/xlsxFiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { decryptData, encryptFields } from '../../runtime/core/crypto';
import { DEFAULT_DEMO_PASSWORD, answer, startTestServer, type Answer, type TestServer } from '../support/testServer';
import { demoUsers, rawCall, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/**
 * The shell's generic calls (spec/shell.md §7 "Generic", docs/API-CONTRACT.md "Generic calls"):
 * each answers on the spec's own path under /capi, through the one call route (session,
 * maintenance, envelope), with the permission and scope of the call it stands for.
 */
describe.each(databases)('generic shell calls on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let hr: string;
  let lina: string;
  let liuyang: string;
  let auditor: string;
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, hr, lina, liuyang, auditor] = await Promise.all(['admin', 'zhangwei', 'lina', 'liuyang', 'auditor'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const upload = (token: string, path: string, name: string, content: Buffer | string, fields: Record<string, string> = {}) =>
    s.upload(token, path, { name, content }, fields);
  const exportFile = (token: string | undefined, query: Record<string, string>) =>
    fetch(`${s.baseUrl}/capi/fileExport?${new URLSearchParams(query)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const importFile = async (token: string, entity: string | undefined, rows: (string | number)[][], where: 'field' | 'query' = 'field') => {
    const form = new FormData();
    if (entity !== undefined && where === 'field') form.append('entity', entity);
    form.append('file', new Blob([new Uint8Array(await workbook(rows))]), '导入.xlsx');
    const query = entity !== undefined && where === 'query' ? `?${new URLSearchParams({ entity })}` : '';
    return answer(await fetch(`${s.baseUrl}/capi/fileImport${query}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form }));
  };
  const download = (token: string | undefined, body: Record<string, string>) =>
    fetch(`${s.baseUrl}/capi/file/download`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: new URLSearchParams(body) });
  const refusal = (res: Answer) => ({ status: res.status, code: res.body.code, message: res.body.message });

  it('refuses every generic path without a session (401) and answers 404 for methods it does not take', async () => {
    for (const [method, path] of [
      ['POST', '/upload'], ['POST', '/uploadFile'], ['POST', '/fileImport'], ['GET', '/fileExport'], ['GET', '/file/menu'],
      ['GET', '/file/list'], ['POST', '/file/download'], ['GET', '/get/system/getOrgTypeList'],
    ] as const) {
      const res = await rawCall(s, undefined, method, path, method === 'POST' ? { body: new URLSearchParams({ attachId: 'x' }) } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code, `${method} ${path}`).toBe(401);
    }
    // The paths take the method the spec gives them, nothing else.
    expect((await rawCall(s, lina, 'GET', '/upload')).status).toBe(404);
    expect((await rawCall(s, lina, 'POST', '/file/list')).status).toBe(404);
  });

  it('POST /upload is the image upload and POST /uploadFile the attachment upload', async () => {
    const image = await upload(lina, '/upload', '头像.png', PNG);
    expect(image.body).toMatchObject({ code: 200, data: { fileName: '头像.png', extName: 'png', fileSize: PNG.length } });
    expect(image.body.data.src).toBe(`/capi/get/file/getFileDown?attachId=${image.body.data.attachId}&extName=png`);
    const notImage = await upload(lina, '/upload', '说明.pdf', '%PDF-1.4');
    // The image upload's own refusal (its wording names the image types).
    expect(refusal(notImage)).toMatchObject({ status: 200, code: 100, message: expect.stringContaining('png') });

    const file = await upload(lina, '/uploadFile', '方案.pdf', '%PDF-1.4 plan', { module: 'fixedattach' });
    expect(file.body).toEqual({ code: 200, message: expect.any(String), data: { fileName: '方案.pdf', attachId: expect.any(String), extName: 'pdf', fileSize: 13 } });
    const row = await s.server.ctx.database.db.selectFrom('sys_attach').selectAll().where('attachId', '=', file.body.data.attachId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ createUser: users.lina.userId, module: 'fixedattach' });
    expect(refusal(await upload(lina, '/uploadFile', 'setup.exe', 'MZ'))).toMatchObject({ code: 100, message: expect.stringContaining('不支持的文件类型：exe') });
    expect(refusal(await upload(lina, '/uploadFile', 'empty.pdf', ''))).toMatchObject({ code: 100 });
    // A body with no file at all.
    expect(refusal(await rawCall(s, lina, 'POST', '/uploadFile', { body: new URLSearchParams({ module: 'x' }) }))).toMatchObject({ status: 200, code: 100 });
  });

  it('POST /file/download {attachId, extName} answers the file to who may read it, and refuses others', async () => {
    const mine = await upload(lina, '/uploadFile', '周报.pdf', '%PDF-1.4 weekly');
    const attachId = String(mine.body.data.attachId);
    const res = await download(lina, { attachId, extName: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('周报.pdf')}`);
    expect(await res.text()).toBe('%PDF-1.4 weekly');
    // Another user's file that no record holds is its uploader's alone.
    const other = await download(liuyang, { attachId, extName: 'pdf' });
    expect(other.status).toBe(403);
    expect((await other.json()).code).toBe(403);
    expect((await download(lina, { attachId: 'no-such-file', extName: 'pdf' })).status).toBe(404);
    expect((await download(lina, { extName: 'pdf' })).status).toBe(404);
    expect((await download(undefined, { attachId, extName: 'pdf' })).status).toBe(401);
  });

  it('GET /file/menu counts the caller\'s own files by folder, and GET /file/list lists them', async () => {
    const before = (await s.get(liuyang, '/file/menu')).body.data;
    await upload(liuyang, '/uploadFile', 'alpha.pdf', '%PDF a', { module: 'fixedattach' });
    await upload(liuyang, '/uploadFile', 'beta.docx', 'bbbbbbbb', { module: 'fixedattach' });
    await upload(liuyang, '/uploadFile', 'gamma.pdf', '%PDF gamma', { module: 'meeting' });
    await upload(liuyang, '/upload', 'delta.png', PNG, { module: 'meeting' });
    // Someone else's upload is in no folder of liuyang's.
    await upload(lina, '/uploadFile', 'lina-only.pdf', '%PDF lina', { module: 'meeting' });

    const menu = await s.get(liuyang, '/file/menu');
    expect(menu.body.code).toBe(200);
    const folders = menu.body.data.folders as { module: string; title: string; count: number; fileSize: number }[];
    const byModule = Object.fromEntries(folders.map((f) => [f.module, f]));
    const beforeCount = (module: string) => (before.folders as { module: string; count: number }[]).find((f) => f.module === module)?.count ?? 0;
    expect(byModule.fixedattach).toMatchObject({ title: '附件', count: beforeCount('fixedattach') + 2 });
    expect(byModule.meeting).toMatchObject({ title: 'meeting', count: beforeCount('meeting') + 2, fileSize: 10 + PNG.length });
    expect(menu.body.data.count).toBe(before.count + 4);
    expect(menu.body.data.fileSize).toBe(folders.reduce((sum, f) => sum + f.fileSize, 0));
    expect(menu.body.data.quotaBytes).toBe(s.server.ctx.config.uploadQuotaBytes);
    const english = await rawCall(s, liuyang, 'GET', '/file/menu', { headers: { 'X-Lang': 'en' } });
    expect((english.body.data.folders as { module: string; title: string }[]).find((f) => f.module === 'fixedattach')!.title).toBe('Attachments');

    const meeting = await s.get(liuyang, '/file/list', { module: 'meeting' });
    expect(meeting.body.code).toBe(200);
    expect(meeting.body.data.total).toBe(2);
    expect(meeting.body.data.list.map((f: { name: string }) => f.name)).toEqual(['delta.png', 'gamma.pdf']);
    expect(meeting.body.data.list[0]).toEqual({
      attachId: expect.any(String), name: 'delta.png', extName: 'png', fileSize: PNG.length, module: 'meeting', createTime: expect.any(String), linked: false,
    });
    const byName = await s.get(liuyang, '/file/list', { prop: 'name', order: 'ascending', pageSize: 2, page: 1 });
    const names = (await s.get(liuyang, '/file/list', { prop: 'name', pageSize: 500 })).body.data.list.map((f: { name: string }) => f.name);
    expect(names).toEqual([...names].sort());
    expect(byName.body.data.list.map((f: { name: string }) => f.name)).toEqual(names.slice(0, 2));
    expect(byName.body.data.total).toBe(menu.body.data.count);
    // An empty folder filters nothing, as an empty filter does on the lists.
    expect((await s.get(liuyang, '/file/list', { module: '' })).body.data.total).toBe(menu.body.data.count);
    const searched = await s.get(liuyang, '/file/list', { keyword: 'GAM' });
    expect(searched.body.data.list.map((f: { name: string }) => f.name)).toEqual(['gamma.pdf']);
    // A wildcard in the keyword is a character, not a pattern.
    expect((await s.get(liuyang, '/file/list', { keyword: '%' })).body.data.total).toBe(0);
    // Nobody browses another's files: lina's upload is not in liuyang's list, nor in the superuser's own.
    for (const token of [liuyang, admin]) {
      const all = (await s.get(token, '/file/list', { pageSize: 500 })).body.data.list as { name: string }[];
      expect(all.map((f) => f.name)).not.toContain('lina-only.pdf');
    }
    expect((await s.get(lina, '/file/list', { keyword: 'lina-only' })).body.data.total).toBe(1);
  });

  it('marks a file a record holds as linked', async () => {
    const file = await upload(hr, '/uploadFile', '劳动合同扫描件.pdf', '%PDF contract');
    const attachId = String(file.body.data.attachId);
    const listed = async () => ((await s.get(hr, '/file/list', { keyword: '劳动合同扫描件' })).body.data.list as { attachId: string; linked: boolean }[])
      .find((f) => f.attachId === attachId)!;
    expect((await listed()).linked).toBe(false);
    const made = await s.post(hr, '/set/hr/insertHrContract', {
      contractNo: 'GEN-0001', userId: users.lina.userId, contractType: 'fixed', startDate: '2026-01-01', endDate: '2027-01-01', attachIds: attachId,
    });
    expect(made.body.code, made.body.message).toBe(200);
    expect((await listed()).linked).toBe(true);
  });

  it('refuses malformed list parameters with a message naming them', async () => {
    expect(refusal(await s.get(lina, '/file/list', { prop: 'storedPath' }))).toMatchObject({ status: 200, code: 100 });
    expect(refusal(await s.get(lina, '/file/list', { order: 'sideways' }))).toEqual({ status: 200, code: 100, message: '参数 order 的值无效' });
    expect(refusal(await s.get(lina, '/file/list', { page: 'lots' }))).toEqual({ status: 200, code: 100, message: '参数 page 的值无效' });
    const arrayModule = await answer(await fetch(`${s.baseUrl}/capi/file/list?module=a&module=b`, { headers: { Authorization: `Bearer ${lina}` } }));
    expect(refusal(arrayModule)).toEqual({ status: 200, code: 100, message: '参数 module 的值无效' });
    const en = await rawCall(s, lina, 'GET', '/file/list', { query: { order: 'x' }, headers: { 'X-Lang': 'en' } });
    expect(en.body.message).toBe('The value of the parameter order is not valid');
    // Out-of-range pages are read as the nearest page, as the entity lists do.
    expect((await s.get(lina, '/file/list', { page: '-3', pageSize: '1e18' })).body.code).toBe(200);
  });

  it('GET /fileExport exports the entity it names with that entity\'s permission, filters and scope', async () => {
    const res = await exportFile(hr, { entity: 'HrContract', keyword: 'HT-', pageSize: '500' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = await readSheet(await res.arrayBuffer());
    expect(sheet[0]).toEqual(expect.arrayContaining(['合同编号', '签订人', '合同类型']));
    const own = await fetch(`${s.baseUrl}/capi/get/hr/exportHrContract?${new URLSearchParams({ keyword: 'HT-', pageSize: '500' })}`, { headers: { Authorization: `Bearer ${hr}` } });
    expect(sheet).toEqual(await readSheet(await own.arrayBuffer()));
    const counted = await s.get(hr, '/fileExport', { entity: 'HrContract', keyword: 'HT-', count: 1 });
    expect(counted.body.data).toMatchObject({ rows: sheet.length - 1, overLimit: false });

    // The entity's export permission: staff have none; the operation log is the auditor's duty, not the superuser's.
    const staff = await answer(await exportFile(lina, { entity: 'HrContract' }));
    expect(staff.status).toBe(403);
    expect(staff.body.message).not.toContain('hr:HrContract');
    expect((await exportFile(admin, { entity: 'SysOperationLog' })).status).toBe(403);
    expect((await exportFile(auditor, { entity: 'SysOperationLog' })).status).toBe(200);

    // Wrong entity: none named, unknown, or one without an export.
    expect(refusal(await answer(await exportFile(hr, {})))).toEqual({ status: 200, code: 100, message: '请用参数 entity 指明要导入或导出的实体' });
    expect(refusal(await answer(await exportFile(hr, { entity: 'NoSuchThing' })))).toEqual({ status: 200, code: 100, message: '没有名为“NoSuchThing”的实体' });
    expect(refusal(await answer(await exportFile(admin, { entity: 'Enterprise' })))).toEqual({ status: 200, code: 100, message: '企业信息不提供导出' });
    expect(refusal(await answer(await exportFile(hr, { entity: '__proto__' })))).toMatchObject({ status: 200, code: 100 });
    // A bad filter is the export's own refusal.
    expect(refusal(await answer(await exportFile(hr, { entity: 'HrContract', prop: 'nosuchfield' })))).toMatchObject({ status: 200, code: 100 });
  });

  it('POST /fileImport imports into the entity it names, all rows or none, with that entity\'s permission', async () => {
    const header = ['合同编号', '签订人', '合同类型', '开始日期', '结束日期'];
    const good = await importFile(hr, 'HrContract', [header, ['GI-0001', 'liuyang', '劳务合同', '2026-01-01', '2026-06-30']]);
    expect(good.body, JSON.stringify(good.body)).toMatchObject({ code: 200, data: { inserted: 1 } });
    const inQuery = await importFile(hr, 'HrContract', [header, ['GI-0002', 'liuyang', '劳务合同', '2026-07-01', '2026-12-31']], 'query');
    expect(inQuery.body).toMatchObject({ code: 200, data: { inserted: 1 } });
    const stored = await s.server.ctx.database.db.selectFrom('hr_contract').select(['contractNo', 'userId']).where('contractNo', 'like', 'GI-%').orderBy('contractNo').execute();
    expect(stored).toEqual([{ contractNo: 'GI-0001', userId: users.liuyang.userId }, { contractNo: 'GI-0002', userId: users.liuyang.userId }]);

    const bad = await importFile(hr, 'HrContract', [header, ['GI-0003', 'liuyang', '劳务合同', '2026-01-01', '2026-06-30'], ['GI-0004', '无此人', '劳务合同', '2026-01-01', '2026-06-30']]);
    expect(bad.body.code).toBe(100);
    expect(bad.body.data.errors).toEqual([expect.objectContaining({ row: 3, field: 'userId' })]);
    expect(await s.server.ctx.database.db.selectFrom('hr_contract').select('contractNo').where('contractNo', '=', 'GI-0003').executeTakeFirst()).toBeUndefined();

    const staff = await importFile(lina, 'HrContract', [header, ['GI-0005', 'lina', '劳务合同', '2026-01-01', '2026-06-30']]);
    expect(staff.status).toBe(403);
    expect(refusal(await importFile(hr, undefined, [header]))).toMatchObject({ status: 200, code: 100, message: '请用参数 entity 指明要导入或导出的实体' });
    expect(refusal(await importFile(hr, 'NoSuchThing', [header]))).toMatchObject({ status: 200, code: 100, message: '没有名为“NoSuchThing”的实体' });
    expect(refusal(await importFile(auditor, 'SysOperationLog', [header]))).toEqual({ status: 200, code: 100, message: '操作日志不提供导入' });
    // No file: the import's own refusal.
    expect(refusal(await rawCall(s, hr, 'POST', '/fileImport', { body: new URLSearchParams({ entity: 'HrContract' }) }))).toMatchObject({ code: 100, message: '请选择要上传的文件' });
  });

  it('GET /get/system/getOrgTypeList answers the unit types open to registration, by code', async () => {
    const res = await s.get(lina, '/get/system/getOrgTypeList');
    expect(res.body.code).toBe(200);
    expect(res.body.data.map((t: { label: string; value: number }) => [t.value, t.label])).toEqual([[1, '企业单位'], [3, '供应商'], [4, '检测实验室'], [5, '经销商']]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['label', 'unitTypeId', 'value']);
    // Switching a type's registration off takes it out of the list.
    const supplier = res.body.data.find((t: { value: number }) => t.value === 3);
    const read = await s.get(admin, '/get/system/getUnitTypeById', { id: supplier.unitTypeId });
    const off = await s.post(admin, '/set/system/updateUnitType', { ...read.body.data, allowRegister: 0 });
    expect(off.body.code, off.body.message).toBe(200);
    const after = await s.get(lina, '/get/system/getOrgTypeList');
    expect(after.body.data.map((t: { value: number }) => t.value)).toEqual([1, 4, 5]);
  });

  it('goes through the one call route: maintenance mode holds the generic paths too', async () => {
    const on = await s.post(admin, '/set/system/setMaintenanceMode', { on: 1, message: '升级中' });
    expect(on.body.code, on.body.message).toBe(200);
    try {
      expect((await s.get(lina, '/file/list')).status).toBe(503);
      expect((await s.get(admin, '/file/list')).status).toBe(200);
    } finally {
      await s.post(admin, '/set/system/setMaintenanceMode', { on: 0 });
    }
  });
});

const SM4_KEY = '8b1f3a5c7e9d2b4f6a8c0e1d3f5b7a9c';

describe.each(databases)('generic shell calls in SM4 mode on $name', (database) => {
  let s: TestServer;
  let lina: string;

  beforeAll(async () => {
    s = await startTestServer(database, { SM4_KEY, ENCRYPTION_TYPE: '1' });
    const signIn = await answer(await fetch(`${s.baseUrl}/capi/get/system/login`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'x-encrypted': 'sm4' },
      body: JSON.stringify(encryptFields({ accountId: 'lina', password: DEFAULT_DEMO_PASSWORD }, SM4_KEY)),
    }));
    lina = String((decryptData(signIn.body.data, SM4_KEY) as { token: string }).token);
  });
  afterAll(async () => { await s.stop(); });

  it('reads the values of a generic path encrypted, refuses them plain, and answers encrypted', async () => {
    const headers = { Authorization: `Bearer ${lina}`, 'x-encrypted': 'sm4' };
    const plain = await answer(await fetch(`${s.baseUrl}/capi/file/list?${new URLSearchParams({ keyword: 'qqzz' })}`, { headers }));
    expect(plain.body.code).toBe(100);
    expect(plain.body.data).toMatchObject({ refusal: 'plain', field: 'keyword' });
    const sealed = await answer(await fetch(`${s.baseUrl}/capi/file/list?${new URLSearchParams(encryptFields({ keyword: 'qqzz' }, SM4_KEY) as Record<string, string>)}`, { headers }));
    expect(sealed.body.code, sealed.body.message).toBe(200);
    expect(sealed.headers.get('x-data-encrypted')).toBe('sm4');
    expect(decryptData(sealed.body.data, SM4_KEY)).toEqual({ list: [], total: 0 });
  });
});
