// @vitest-environment jsdom
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decryptFields, decryptValue, encryptData, encryptFields, looksEncrypted,
} from '../../../runtime/core/crypto';
import { bindFeedback, type Feedback } from '../../../src/feedback/feedback';
import { encryptionState, setEncryptionState } from '../../../src/request/encryption';
import { httpClient } from '../../../src/request/httpClient';
import { request } from '../../../src/request/request';
import { RequestError } from '../../../src/request/RequestError';

const KEY = '00112233445566778899aabbccddeeff';
const NEW_KEY = 'ffeeddccbbaa99887766554433221100';

interface Reply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

let sent: InternalAxiosRequestConfig[] = [];
let serverKey: string | null = KEY;
let reply: (config: InternalAxiosRequestConfig) => Reply;

/** An answer as the server sends it in SM4 mode: `data` encrypted, the marker header set. */
function sealed(code: number, message: string, data: unknown, key = KEY): Reply {
  return { data: { code, message, data: encryptData(data, key) }, headers: { 'x-data-encrypted': 'sm4', 'content-type': 'application/json' } };
}

const adapter: AxiosAdapter = async (config) => {
  sent.push(config);
  const scripted = config.url === '/get/system/getEncryptionConfig'
    ? { data: { code: 200, message: '', data: serverKey ? { encryptionType: 1, key: serverKey } : { encryptionType: 0, key: null } } }
    : reply(config);
  const { status = 200, data, headers = {} } = scripted;
  const response = { data, status, statusText: String(status), headers, config, request: {} };
  if (status >= 200 && status < 300) return response;
  throw new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
};

const feedback = {
  message: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  notification: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  modal: { confirm: vi.fn() },
} satisfies Feedback;

/** The requests that are calls, not the encryption config look-up. */
const calls = () => sent.filter((config) => config.url !== '/get/system/getEncryptionConfig');
const configLookups = () => sent.filter((config) => config.url === '/get/system/getEncryptionConfig').length;

beforeEach(() => {
  sent = [];
  serverKey = KEY;
  reply = () => sealed(200, 'ok', null);
  httpClient.defaults.adapter = adapter;
  setEncryptionState(null);
  bindFeedback(feedback);
  vi.clearAllMocks();
  Cookies.remove('TOKEN');
  Cookies.remove('accessToken', { path: '/' });
  localStorage.clear();
});
afterEach(() => { setEncryptionState({ type: 0, key: null }); });

describe('request layer in SM4 mode', () => {
  it('learns the mode once, before the first call, and keeps ENCRYPTION_TYPE', async () => {
    await Promise.all([request.get('/get/a/one'), request.get('/get/a/two')]);
    await request.post('/set/a/three', { x: '1' });
    expect(configLookups()).toBe(1);
    expect(sent[0].url).toBe('/get/system/getEncryptionConfig');
    expect(await encryptionState()).toEqual({ type: 1, key: KEY });
    expect(JSON.parse(localStorage.getItem('ENCRYPTION_TYPE') ?? '{}')).toMatchObject({ value: 1 });
  });

  it('GET encrypts every query value, the cache-buster too, and marks the request', async () => {
    await request.get('/get/hr/getHrContractList', { page: 1, keyword: '合同', ids: ['a', 'b'] });
    const [config] = calls();
    expect(config.headers.get('x-encrypted')).toBe('sm4');
    const params = config.params as Record<string, unknown>;
    expect(Object.keys(params).sort()).toEqual(['_t', 'ids', 'keyword', 'page']);
    expect(JSON.stringify(params)).not.toContain('合同');
    expect(decryptFields(params, KEY)).toMatchObject({ page: '1', keyword: '合同', ids: ['a', 'b'], _t: expect.stringMatching(/^\d+$/) });
  });

  it('POST sends JSON whose values are MD5-prefixed SM4 text, not form data', async () => {
    await request.post('/get/system/login', { accountId: 'admin', password: 'Admin@123', roles: ['x'], extra: { a: 1 } });
    const [config] = calls();
    expect(String(config.headers.get('Content-Type'))).toContain('application/json');
    const body = JSON.parse(config.data as string) as Record<string, unknown>;
    expect(config.data).not.toMatch(/admin|Admin@123/);
    expect(looksEncrypted(body.accountId)).toBe(true);
    expect(decryptFields(body, KEY)).toEqual({ accountId: 'admin', password: 'Admin@123', roles: ['x'], extra: '{"a":1}' });
  });

  it('postJson encrypts its fields the same way', async () => {
    await request.postJson('/set/system/saveCommonFilter', { key: 'HrContract', filterObj: { a: { value: '1', operator: 'eq' } } });
    const body = JSON.parse(calls()[0].data as string) as Record<string, unknown>;
    expect(decryptFields(body, KEY)).toEqual({ key: 'HrContract', filterObj: '{"a":{"value":"1","operator":"eq"}}' });
  });

  it('upload keeps the file as it is and encrypts the other fields', async () => {
    await request.upload('/set/file/uploadFile', new File(['plain bytes'], '说明.txt'), { module: 'fixedattach' });
    const form = calls()[0].data as FormData;
    expect(decryptValue(form.get('module'), KEY)).toBe('fixedattach');
    const file = form.get('file') as File;
    expect(file.name).toBe('说明.txt');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    expect(text).toBe('plain bytes');
  });

  it('big post sends multipart fields, encrypted, with lists as name[]', async () => {
    await request.bigPost('/set/hr/insertHrContract', { remark: '很长的备注', ids: ['1', '2'] });
    const [config] = calls();
    expect(config.headers.get('x-big-post')).toBe('1');
    const form = config.data as FormData;
    expect(decryptValue(form.get('remark'), KEY)).toBe('很长的备注');
    expect(form.getAll('ids[]').map((value) => decryptValue(value, KEY))).toEqual(['1', '2']);
  });

  it('decrypts the data of an answer', async () => {
    reply = () => sealed(200, 'ok', { list: [{ contractNo: 'HT-2026-0001', remark: '到期续签' }], total: 1 });
    const answer = await request.get('/get/hr/getHrContractList');
    expect(answer).toEqual({ code: 200, message: 'ok', data: { list: [{ contractNo: 'HT-2026-0001', remark: '到期续签' }], total: 1 } });
  });

  it('decrypts the field errors of a code-100 refusal for the form', async () => {
    reply = () => sealed(100, '合同编号不能为空', { errors: [{ field: 'contractNo', message: '不能为空' }] });
    const error = await request.post('/set/hr/insertHrContract', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ code: 100, message: '合同编号不能为空', data: { errors: [{ field: 'contractNo' }] } });
  });

  it('refuses a tampered answer with a clear notification instead of using it', async () => {
    reply = () => {
      const answer = sealed(200, 'ok', { total: 1 });
      const body = answer.data as { data: string };
      body.data = body.data.slice(0, 40) + (body.data[40] === '0' ? '1' : '0') + body.data.slice(41);
      return answer;
    };
    await expect(request.get('/get/hr/getHrContractList')).rejects.toThrow('响应数据校验失败（可能被篡改）');
    expect(feedback.notification.error).toHaveBeenCalledWith({ message: '请求错误', description: '响应数据校验失败（可能被篡改）' });
  });

  it('reloads the mode and sends once more when the server refuses the mode (its key changed)', async () => {
    await request.get('/get/a/warm');
    serverKey = NEW_KEY;
    let attempts = 0;
    reply = (config) => {
      attempts += 1;
      try {
        return sealed(200, 'ok', decryptFields(config.params as Record<string, unknown>, NEW_KEY), NEW_KEY);
      } catch {
        // As the server answers: the refusal of the mode travels readable.
        return { data: { code: 100, message: '参数 a 的加密数据校验失败', data: { reason: 'encryptionMode', refusal: 'tampered', field: 'a' } } };
      }
    };
    const answer = await request.get<Record<string, string>>('/get/a/b', { a: '值' });
    expect(answer.data.a).toBe('值');
    expect(attempts).toBe(2);
    expect(configLookups()).toBe(2);
  });

  it('tries only once more: a second refusal is shown to the caller', async () => {
    reply = () => ({ data: { code: 100, message: '服务器未开启数据加密，请刷新页面后重试', data: { reason: 'encryptionMode' } } });
    await expect(request.post('/set/a/b', { a: 1 })).rejects.toMatchObject({ code: 100, message: '服务器未开启数据加密，请刷新页面后重试' });
    expect(calls()).toHaveLength(2);
  });

  it('download encrypts its parameters and still saves the file it gets', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    reply = () => ({ data: new Blob(['xlsx']), headers: { 'content-type': 'application/octet-stream', 'content-disposition': "attachment; filename*=UTF-8''%E5%90%88%E5%90%8C.xlsx" } });
    const answer = await request.download('/get/file/getFileDown', { attachId: 'a1', extName: 'xlsx' }, { method: 'post' });
    expect(answer.data.fileName).toBe('合同.xlsx');
    const [config] = calls();
    expect(config.responseType).toBe('blob');
    expect(decryptFields(JSON.parse(config.data as string), KEY)).toEqual({ attachId: 'a1', extName: 'xlsx' });
    click.mockRestore();
  });

  it('download reads an encrypted refusal sent instead of the file', async () => {
    reply = () => ({
      data: new Blob([JSON.stringify({ code: 403, message: '没有权限', data: encryptData(null, KEY) })], { type: 'application/json' }),
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-data-encrypted': 'sm4' },
    });
    await expect(request.download('/get/hr/exportHrContract', { keyword: '合同' })).rejects.toMatchObject({ message: '没有权限', code: 403, data: null });
  });
});

describe('requests made with the HTTP client directly (the previews fetch blobs so)', () => {
  it('get their query values encrypted and their JSON answers decrypted too', async () => {
    reply = () => sealed(200, 'ok', [{ attachId: 'a1', name: '合同.pdf' }]);
    const answer = await httpClient.get('/get/file/getAttachList', { params: { attachIds: 'a1' } });
    expect(answer.data).toEqual({ code: 200, message: 'ok', data: [{ attachId: 'a1', name: '合同.pdf' }] });
    reply = () => ({ data: new Blob(['%PDF']), headers: { 'content-type': 'application/octet-stream' } });
    await httpClient.get('/get/file/getFileDown', { params: { attachId: 'a1', extName: 'pdf' }, responseType: 'blob' });
    const [list, file] = calls();
    expect(list.headers.get('x-encrypted')).toBe('sm4');
    expect(decryptFields(list.params as Record<string, unknown>, KEY)).toEqual({ attachIds: 'a1' });
    expect(decryptFields(file.params as Record<string, unknown>, KEY)).toEqual({ attachId: 'a1', extName: 'pdf' });
  });
});

describe('request layer in plain mode', () => {
  beforeEach(() => { serverKey = null; });

  it('asks the mode once and then sends form data in clear', async () => {
    reply = () => ({ data: { code: 200, message: '', data: null } });
    await request.post('/set/hr/deleteHrContractByIds', { ids: ['1', '2'] });
    await request.get('/get/a/b', { q: '1' });
    expect(configLookups()).toBe(1);
    const [post, get] = calls();
    expect(post.headers.has('x-encrypted')).toBe(false);
    expect([...new URLSearchParams(post.data as string)]).toEqual([['ids[]', '1'], ['ids[]', '2']]);
    expect(get.params).toMatchObject({ q: '1', _t: expect.any(Number) });
  });

  it('treats a server without the config call as plain', async () => {
    reply = () => ({ data: { code: 200, message: '', data: 'x' } });
    const original = httpClient.defaults.adapter;
    httpClient.defaults.adapter = async (config) => {
      if (config.url === '/get/system/getEncryptionConfig') {
        throw new AxiosError('404', 'ERR_BAD_REQUEST', config, {}, { data: {}, status: 404, statusText: '404', headers: {}, config });
      }
      return (original as AxiosAdapter)(config);
    };
    expect((await request.get('/get/a/b')).data).toBe('x');
    expect(await encryptionState()).toEqual({ type: 0, key: null });
  });

  it('sends nothing when the mode cannot be learnt, and says the server did not answer', async () => {
    httpClient.defaults.adapter = async (config) => { throw new AxiosError('network', 'ERR_NETWORK', config, {}); };
    await expect(request.post('/get/system/login', { password: 'secret' })).rejects.toThrow('请求服务器无响应！');
    // Asked again on the next call rather than remembered as plain.
    httpClient.defaults.adapter = adapter;
    serverKey = KEY;
    reply = () => sealed(200, 'ok', 'token');
    expect((await request.post('/get/system/login', { password: 'secret' })).data).toBe('token');
    expect(decryptFields(JSON.parse(calls()[0].data as string), KEY)).toEqual({ password: 'secret' });
  });

  it('sends JSON instead of form data when the shop-authorization header is present', async () => {
    reply = () => ({ data: { code: 200, message: '', data: null } });
    await request.post('/seller/goods/save', { name: '商品', ids: ['1'] }, { headers: { 'shop-authorization': 'shop-token' } });
    Cookies.set('accessToken', 'held-shop-token', { path: '/' });
    await request.post('/seller/goods/save', { name: '商品' });
    const [given, held] = calls();
    expect(given.headers.get('shop-authorization')).toBe('shop-token');
    expect(String(given.headers.get('Content-Type'))).toContain('application/json');
    expect(JSON.parse(given.data as string)).toEqual({ name: '商品', ids: ['1'] });
    expect(held.headers.get('shop-authorization')).toBe('held-shop-token');
    expect(JSON.parse(held.data as string)).toEqual({ name: '商品' });
  });

  it('leaves the cache-buster out when a GET may be cached, and takes a time-out per call', async () => {
    reply = () => ({ data: { code: 200, message: '', data: null } });
    await request.get('/get/system/getDicByCode', { code: 'sex' }, { cache: true, timeout: 5000 });
    const [config] = calls();
    expect(config.params).toEqual({ code: 'sex' });
    expect(config.timeout).toBe(5000);
  });

  it('big post sends multipart form fields with lists as name[]', async () => {
    reply = () => ({ data: { code: 200, message: '', data: null } });
    await request.bigPost('/set/x/y', { text: 'z'.repeat(10), ids: ['1', '2'], obj: { a: 1 }, none: null });
    const form = calls()[0].data as FormData;
    expect([...form.entries()]).toEqual([['text', 'z'.repeat(10)], ['ids[]', '1'], ['ids[]', '2'], ['obj', '{"a":1}']]);
  });
});

describe('every value the layer encrypts, the server-side decryption reads back', () => {
  it('agrees with encryptFields for the same fields', () => {
    const fields = { a: '甲', b: [1, 2], c: { d: null } };
    expect(decryptFields(encryptFields(fields, KEY), KEY)).toEqual({ a: '甲', b: ['1', '2'], c: '{"d":null}' });
  });
});
