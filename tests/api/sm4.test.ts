import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decryptData, encryptFields, encryptValue, looksEncrypted, type EncryptedFields,
} from '../../runtime/core/crypto';
import { readConfig } from '../../server/config';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';
import { demoUsers, rawCall } from './helpers';

const databases = await databasesUnderTest();

const KEY = '8b1f3a5c7e9d2b4f6a8c0e1d3f5b7a9c';
const SM4_ENV = { SM4_KEY: KEY, ENCRYPTION_TYPE: '1' };

/** Query text of encrypted fields, lists as name[] (as axios sends them). */
function query(fields: EncryptedFields): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) value.forEach((item) => search.append(`${name}[]`, item));
    else search.append(name, value);
  }
  return search.toString();
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { code: -1, message: text, data: null };
  }
  return { status: response.status, body, headers: response.headers };
}

/** The answer with its `data` decrypted, after checking the server marked it encrypted. */
function opened(answer: Answer): Answer {
  expect(answer.headers.get('x-data-encrypted'), JSON.stringify(answer.body)).toBe('sm4');
  expect(looksEncrypted(answer.body.data), JSON.stringify(answer.body)).toBe(true);
  return { ...answer, body: { ...answer.body, data: decryptData(answer.body.data, KEY) } };
}

function headersFor(token: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'x-encrypted': 'sm4', ...extra };
}

/** As the browser's request layer sends a call in SM4 mode. */
const sm4 = (s: TestServer) => ({
  async get(token: string | undefined, call: string, fields: Record<string, unknown> = {}, extra: Record<string, string> = {}): Promise<Answer> {
    const search = query(encryptFields({ ...fields, _t: Date.now() }, KEY));
    return read(await fetch(`${s.baseUrl}/capi${call}?${search}`, { headers: headersFor(token, extra) }));
  },
  async post(token: string | undefined, call: string, fields: Record<string, unknown> = {}, extra: Record<string, string> = {}): Promise<Answer> {
    return read(await fetch(`${s.baseUrl}/capi${call}`, {
      method: 'POST', headers: headersFor(token, { 'Content-Type': 'application/json;charset=UTF-8', ...extra }),
      body: JSON.stringify(encryptFields(fields, KEY)),
    }));
  },
  async postRaw(token: string | undefined, call: string, body: Record<string, unknown>, extra: Record<string, string> = {}): Promise<Answer> {
    return read(await fetch(`${s.baseUrl}/capi${call}`, {
      method: 'POST', headers: headersFor(token, { 'Content-Type': 'application/json', ...extra }), body: JSON.stringify(body),
    }));
  },
  async login(accountId: string, password = accountId === 'admin' ? 'Admin@123' : 'Demo@123'): Promise<string> {
    const answer = opened(await this.post(undefined, '/get/system/login', { accountId, password }));
    expect(answer.body.code, answer.body.message).toBe(200);
    return answer.body.data.token as string;
  },
});

/** Changes one hex digit in the middle of an encrypted value, keeping it well-formed. */
function tamper(value: string): string {
  const index = 40;
  return value.slice(0, index) + (value[index] === '0' ? '1' : '0') + value.slice(index + 1);
}

const contract = (contractNo: string, userId: string) => ({
  contractNo, userId, contractType: 'open', startDate: '2026-03-01', endDate: '2029-02-28',
  amount: 6543.21, renewFlag: 1, renewRemark: '到期续签（三年）', remark: '加密模式下的备注：甲方、乙方',
});

describe('configuration of the SM4 mode', () => {
  it('refuses to start half-configured, with the variable named', () => {
    expect(() => readConfig({ ENCRYPTION_TYPE: '1' })).toThrow(/SM4_KEY/);
    expect(() => readConfig({ ENCRYPTION_TYPE: '1', SM4_KEY: 'abc' })).toThrow(/SM4_KEY must be 32 hex digits/);
    expect(() => readConfig({ ENCRYPTION_TYPE: '2', SM4_KEY: KEY })).toThrow(/ENCRYPTION_TYPE/);
    expect(readConfig({ ENCRYPTION_TYPE: '1', SM4_KEY: KEY.toUpperCase() })).toMatchObject({ encryptionType: 1, sm4Key: KEY });
    expect(readConfig({ SM4_KEY: KEY })).toMatchObject({ encryptionType: 0 });
    expect(readConfig({})).toMatchObject({ encryptionType: 0, sm4Key: undefined });
  });
});

describe.each(databases)('SM4 mode on $name', (database) => {
  let s: TestServer;
  let api: ReturnType<typeof sm4>;
  let hr: string;
  let lina: string;
  let users: Awaited<ReturnType<typeof demoUsers>>;

  beforeAll(async () => {
    s = await startTestServer(database, SM4_ENV);
    api = sm4(s);
    [hr, lina] = await Promise.all([api.login('zhangwei'), api.login('lina')]);
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;

  it('tells the browser the mode and the key through the one public, plain call', async () => {
    const res = await s.get(undefined, '/get/system/getEncryptionConfig', { _t: 1 });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-data-encrypted')).toBeNull();
    expect(res.body).toMatchObject({ code: 200, data: { encryptionType: 1, key: KEY } });
  });

  it('signs in with encrypted values and answers the session encrypted', async () => {
    const res = opened(await api.post(undefined, '/get/system/login', { accountId: 'admin', password: 'Admin@123' }));
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ userInfo: { accountId: 'admin', roles: ['admin'] } });
    expect(typeof res.body.data.token).toBe('string');
    const wrong = opened(await api.post(undefined, '/get/system/login', { accountId: 'admin', password: 'wrong' }));
    expect(wrong.body).toMatchObject({ code: 100, message: '账号或密码错误', data: null });
  });

  it('runs a filtered, searched list round trip with every value encrypted both ways', async () => {
    const filterObj = { contractType: { value: ['open', 'fixed'], operator: 'eq' } };
    const res = opened(await api.get(hr, '/get/hr/getHrContractList', { page: 1, pageSize: 500, prop: 'contractNo', order: 'ascending', filterObj: JSON.stringify(filterObj) }));
    expect(res.body.code, res.body.message).toBe(200);
    const expected = await db().selectFrom('hr_contract').select('contractNo').where('contractType', 'in', ['open', 'fixed']).orderBy('contractNo').execute();
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.data.list.map((row: { contractNo: string }) => row.contractNo)).toEqual(expected.map((row) => row.contractNo));
    expect(res.body.data.total).toBe(expected.length);
  });

  it('stores encrypted form values in clear and answers them encrypted', async () => {
    const inserted = opened(await api.post(hr, '/set/hr/insertHrContract', contract('SM4-0001', users.lina.userId)));
    expect(inserted.body.code, inserted.body.message).toBe(200);
    const stored = await db().selectFrom('hr_contract').selectAll().where('contractNo', '=', 'SM4-0001').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ remark: '加密模式下的备注：甲方、乙方', renewRemark: '到期续签（三年）', amount: 6543.21, userId: users.lina.userId });
    const byId = opened(await api.get(hr, '/get/hr/getHrContractById', { id: stored.contractId }));
    expect(byId.body.data).toMatchObject({ contractNo: 'SM4-0001', remark: '加密模式下的备注：甲方、乙方' });
    const deleted = opened(await api.post(hr, '/set/hr/deleteHrContractByIds', { ids: [stored.contractId] }));
    expect(deleted.body.data).toEqual({ deleted: 1 });
  });

  it('encrypts the data of refusals too: validation errors, 401, 403 and 404 keep code and message readable', async () => {
    const invalid = opened(await api.post(hr, '/set/hr/insertHrContract', { ...contract('SM4-INVALID', ''), startDate: '' }));
    expect(invalid.body.code).toBe(100);
    expect(invalid.body.data.errors.map((error: { field: string }) => error.field)).toEqual(expect.arrayContaining(['userId', 'startDate']));
    const anonymous = opened(await api.get(undefined, '/get/system/myMenus'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 401, data: null });
    const forbidden = opened(await api.post(lina, '/set/hr/deleteHrContractByIds', { ids: ['x'] }));
    expect(forbidden.status).toBe(403);
    const unknown = opened(await api.get(hr, '/get/hr/noSuchCall'));
    expect(unknown.status).toBe(404);
  });

  it('refuses a tampered value with a localised code 100 naming the field, never a 500, storing nothing', async () => {
    const body = encryptFields(contract('SM4-TAMPER', users.lina.userId), KEY);
    body.remark = tamper(body.remark as string);
    const res = await api.postRaw(hr, '/set/hr/insertHrContract', body);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(100);
    expect(res.body.message).toBe('参数 remark 的加密数据校验失败（可能被篡改），请求被拒绝');
    // Readable without the key, so a browser holding a stale key can react (reload and retry once).
    expect(res.body.data).toEqual({ reason: 'encryptionMode', refusal: 'tampered', field: 'remark' });
    expect(await db().selectFrom('hr_contract').select('contractId').where('contractNo', '=', 'SM4-TAMPER').execute()).toEqual([]);

    const english = await api.postRaw(hr, '/set/hr/insertHrContract', body, { 'X-Lang': 'en' });
    expect(english.body.message).toBe('The encrypted value of remark failed its integrity check (it may have been tampered with), so the request was refused');

    // A tampered password is refused the same way, not taken as a wrong password.
    const login = encryptFields({ accountId: 'admin', password: 'Admin@123' }, KEY);
    const forged = await api.postRaw(undefined, '/get/system/login', { ...login, password: tamper(login.password as string) });
    expect(forged.body).toMatchObject({ code: 100, data: { refusal: 'tampered', field: 'password' } });
    // Every element of a list is checked.
    const ids = encryptFields({ ids: ['a', 'b'] }, KEY).ids as string[];
    const list = await api.postRaw(hr, '/set/hr/deleteHrContractByIds', { ids: [ids[0], tamper(ids[1])] });
    expect(list.body).toMatchObject({ code: 100, data: { field: 'ids' } });
    // In a GET query too.
    const search = `page=${encryptValue('1', KEY)}&keyword=${tamper(encryptValue('合同', KEY))}`;
    const get = await read(await fetch(`${s.baseUrl}/capi/get/hr/getHrContractList?${search}`, { headers: headersFor(hr) }));
    expect(get.body).toMatchObject({ code: 100, data: { field: 'keyword' } });
  });

  it('refuses plain values while the mode is on: form, JSON and query alike', async () => {
    const form = await s.post(undefined, '/get/system/login', { accountId: 'admin', password: 'Admin@123' });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ code: 100, message: '已开启数据加密，参数 accountId 未加密，请求被拒绝' });
    expect(form.body.data).toEqual({ reason: 'encryptionMode', refusal: 'plain', field: 'accountId' });
    const json = await s.postJson(hr, '/set/hr/insertHrContract', contract('SM4-PLAIN', users.lina.userId));
    expect(json.body).toMatchObject({ code: 100, data: { refusal: 'plain' } });
    const get = await s.get(hr, '/get/hr/getHrContractList', { page: 1 });
    expect(get.body).toMatchObject({ code: 100, data: { refusal: 'plain', field: 'page' } });
    // One plain value among encrypted ones is enough to refuse the call.
    const mixed = await api.postRaw(hr, '/set/hr/insertHrContract', { ...encryptFields(contract('SM4-MIXED', users.lina.userId), KEY), remark: '明文' });
    expect(mixed.body).toMatchObject({ code: 100, data: { refusal: 'plain', field: 'remark' } });
    expect(await db().selectFrom('hr_contract').select('contractId').where('contractNo', 'in', ['SM4-PLAIN', 'SM4-MIXED']).execute()).toEqual([]);
  });

  it('lets a call without any value through, its answer still encrypted', async () => {
    const res = await rawCall(s, hr, 'GET', '/get/system/myMenus');
    expect(res.body.code).toBe(200);
    expect(opened(res).body.data.menu.length).toBeGreaterThan(0);
  });

  it('uploads the file bytes as they are with encrypted fields, and downloads with encrypted parameters', async () => {
    const content = '%PDF-1.4 明文文件内容 plain bytes';
    const form = new FormData();
    form.append('module', encryptValue('fixedattach', KEY));
    form.append('file', new Blob([content]), '加密模式合同.pdf');
    const uploaded = opened(await read(await fetch(`${s.baseUrl}/capi/set/file/uploadFile`, { method: 'POST', headers: headersFor(hr), body: form })));
    expect(uploaded.body.code, uploaded.body.message).toBe(200);
    expect(uploaded.body.data).toMatchObject({ fileName: '加密模式合同.pdf', extName: 'pdf' });
    const row = await db().selectFrom('sys_attach').select(['module']).where('attachId', '=', uploaded.body.data.attachId).executeTakeFirstOrThrow();
    expect(row.module).toBe('fixedattach');

    const search = query(encryptFields({ attachId: uploaded.body.data.attachId, extName: 'pdf' }, KEY));
    const file = await fetch(`${s.baseUrl}/capi/get/file/getFileDown?${search}`, { headers: headersFor(hr) });
    expect(file.status).toBe(200);
    expect(file.headers.get('x-data-encrypted')).toBeNull();
    expect(await file.text()).toBe(content);

    const plainField = new FormData();
    plainField.append('module', 'fixedattach');
    plainField.append('file', new Blob(['x']), 'a.pdf');
    const refused = await read(await fetch(`${s.baseUrl}/capi/set/file/uploadFile`, { method: 'POST', headers: headersFor(hr), body: plainField }));
    expect(refused.body).toMatchObject({ code: 100, data: { refusal: 'plain', field: 'module' } });
  });

  it('takes a big post (multipart fields) with encrypted values', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(encryptFields(contract('SM4-BIG', users.lina.userId), KEY))) form.append(name, value as string);
    const res = opened(await read(await fetch(`${s.baseUrl}/capi/set/hr/insertHrContract`, {
      method: 'POST', headers: headersFor(hr, { 'x-big-post': '1' }), body: form,
    })));
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ contractNo: 'SM4-BIG', remark: '加密模式下的备注：甲方、乙方' });
  });
});

describe.each(databases)('request layer rules with the SM4 mode off on $name', (database) => {
  let s: TestServer;
  let hr: string;
  let lina: string;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, lina] = await Promise.all([s.login('zhangwei'), s.login('lina')]);
  });
  afterAll(async () => { await s.stop(); });

  it('says the mode is off and gives no key', async () => {
    const res = await s.get(undefined, '/get/system/getEncryptionConfig');
    expect(res.body).toMatchObject({ code: 200, data: { encryptionType: 0, key: null } });
    expect(res.headers.get('x-data-encrypted')).toBeNull();
  });

  it('refuses a request the browser encrypted, rather than storing cipher text, and tells it to reload the mode', async () => {
    const res = await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', {
      headers: { 'Content-Type': 'application/json', 'x-encrypted': 'sm4' },
      body: JSON.stringify(encryptFields({ contractNo: 'X' }, KEY)),
    });
    expect(res.body).toMatchObject({ code: 100, message: '服务器未开启数据加密，请刷新页面后重试', data: { reason: 'encryptionMode', refusal: 'modeOff' } });
  });

  it('takes a big post: multipart form fields with lists as name[], marked as such', async () => {
    const users = await demoUsers(s);
    const form = new FormData();
    for (const [name, value] of Object.entries(contract('BIG-0001', users.lina.userId))) form.append(name, String(value));
    form.set('remark', '长备注'.repeat(100));
    const res = await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', { headers: { 'x-big-post': '1' }, body: form });
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ contractNo: 'BIG-0001', remark: '长备注'.repeat(100) });

    const second = await s.post(hr, '/set/hr/insertHrContract', contract('BIG-0002', users.lina.userId));
    const ids = new FormData();
    ids.append('ids[]', res.body.data.contractId);
    ids.append('ids[]', second.body.data.contractId);
    const deleted = await rawCall(s, hr, 'POST', '/set/hr/deleteHrContractByIds', { headers: { 'x-big-post': '1' }, body: ids });
    expect(deleted.body).toMatchObject({ code: 200, data: { deleted: 2 } });
  });

  it('refuses a file in a big post, and multipart without the marker, as before', async () => {
    const withFile = new FormData();
    withFile.append('contractNo', 'BIG-FILE');
    withFile.append('file', new Blob(['x']), 'a.pdf');
    const res = await rawCall(s, hr, 'POST', '/set/hr/insertHrContract', { headers: { 'x-big-post': '1' }, body: withFile });
    expect(res.body).toMatchObject({ code: 100, message: '该接口不接受文件上传' });
    const unmarked = new FormData();
    unmarked.append('contractNo', 'BIG-UNMARKED');
    expect((await rawCall(s, lina, 'POST', '/set/hr/insertHrContract', { body: unmarked })).body).toMatchObject({ code: 100, message: '该接口不接受文件上传' });
    const stored = await s.server.ctx.database.db.selectFrom('hr_contract').select('contractId').where('contractNo', 'in', ['BIG-FILE', 'BIG-UNMARKED']).execute();
    expect(stored).toEqual([]);
  });
});
