// @vitest-environment jsdom
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../../../src/feedback/feedback';
import { setEncryptionState } from '../../../src/request/encryption';
import { httpClient } from '../../../src/request/httpClient';
import { request } from '../../../src/request/request';
import { RequestError } from '../../../src/request/RequestError';

interface Reply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/** Requests as they would leave the browser, and a scripted answer for each. */
let sent: InternalAxiosRequestConfig[] = [];
let reply: (config: InternalAxiosRequestConfig) => Reply = () => ({ data: { code: 200, message: '', data: null } });

const adapter: AxiosAdapter = async (config) => {
  sent.push(config);
  const { status = 200, data, headers = {} } = reply(config);
  const response = { data, status, statusText: String(status), headers, config, request: {} };
  if (status >= 200 && status < 300) return response;
  throw new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
};

const feedback = {
  message: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  notification: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  modal: { confirm: vi.fn() },
} satisfies Feedback;

beforeEach(() => {
  sent = [];
  httpClient.defaults.adapter = adapter;
  // Plain mode, known: the SM4 mode has its own specification (requestSm4.test.ts).
  setEncryptionState({ type: 0, key: null });
  bindFeedback(feedback);
  vi.clearAllMocks();
  Cookies.remove('TOKEN');
});
afterEach(() => {
  reply = () => ({ data: { code: 200, message: '', data: null } });
});

describe('request layer', () => {
  it('GET sends the session header, the language and a cache-buster under /capi', async () => {
    Cookies.set('TOKEN', 'tok-1');
    reply = () => ({ data: { code: 200, message: 'ok', data: { list: [], total: 0 } } });
    const answer = await request.get<{ total: number }>('/get/hr/getHrContractList', { page: 1 });
    expect(answer).toEqual({ code: 200, message: 'ok', data: { list: [], total: 0 } });
    const [config] = sent;
    expect(config.baseURL).toBe('/capi');
    expect(config.timeout).toBe(300_000);
    // The session is the HttpOnly cookie the browser sends itself; the header lets the server accept it.
    expect(config.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(config.headers.has('Authorization')).toBe(false);
    expect(config.headers.get('Accept-Language')).toBe('zh-CN');
    expect(config.params).toMatchObject({ page: 1, _t: expect.any(Number) });
  });

  it('sends no Authorization header: the page never holds the token', async () => {
    await request.get('/get/system/getOrgTypeList');
    expect(sent[0].headers.has('Authorization')).toBe(false);
  });

  it('POST sends form data with arrays as name[] and objects as JSON', async () => {
    await request.post('/set/hr/deleteHrContractByIds', { ids: ['1', '2'], extra: { a: 1 } });
    const [config] = sent;
    expect(String(config.headers.get('Content-Type'))).toContain('application/x-www-form-urlencoded');
    expect([...new URLSearchParams(config.data as string)]).toEqual([['ids[]', '1'], ['ids[]', '2'], ['extra', '{"a":1}']]);
  });

  it('postJson sends JSON', async () => {
    await request.postJson('/set/system/saveBig', { rows: [{ a: 1 }] });
    expect(String(sent[0].headers.get('Content-Type'))).toContain('application/json');
    expect(JSON.parse(sent[0].data as string)).toEqual({ rows: [{ a: 1 }] });
  });

  it('upload sends multipart with the file and extra fields', async () => {
    const file = new File(['hello'], '说明.txt', { type: 'text/plain' });
    await request.upload('/set/file/uploadFile', file, { module: 'fixedattach' });
    const form = sent[0].data as FormData;
    expect(form.get('module')).toBe('fixedattach');
    expect((form.get('file') as File).name).toBe('说明.txt');
  });

  it('body code 100 rejects with the server message and shows nothing itself', async () => {
    reply = () => ({ data: { code: 100, message: '合同编号不能为空', data: { errors: [{ field: 'contractNo', message: '不能为空' }] } } });
    const error = await request.post('/set/hr/insertHrContract', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ message: '合同编号不能为空', code: 100, shown: false, data: { errors: [{ field: 'contractNo' }] } });
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('HTTP 404 notifies 请求错误 with the catalogue text', async () => {
    reply = () => ({ status: 404, data: { code: 404, message: 'unknown call' } });
    await expect(request.get('/get/hr/nothing')).rejects.toThrow('unknown call');
    expect(feedback.notification.error).toHaveBeenCalledWith({
      message: '请求错误', description: 'Status:404，正在请求不存在的服务器记录！',
    });
  });

  it('HTTP 401 asks to sign in again, once for several failures', async () => {
    reply = () => ({ status: 401, data: { code: 401, message: '' } });
    await Promise.allSettled([request.get('/get/a/b'), request.get('/get/a/c')]);
    expect(feedback.modal.confirm).toHaveBeenCalledTimes(1);
    expect(feedback.modal.confirm.mock.calls[0][0]).toMatchObject({ title: '无权限访问', okText: '重新登录' });
  });

  it('quiet calls show nothing but still reject', async () => {
    reply = () => ({ status: 500, data: { code: 500, message: '' } });
    await expect(request.post('/get/system/login', {}, { quiet: true })).rejects.toThrow('Status:500，服务器发生错误！');
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('download saves the blob under the Content-Disposition name', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    reply = () => ({
      data: new Blob(['xlsx']),
      headers: { 'content-type': 'application/octet-stream', 'content-disposition': "attachment; filename*=UTF-8''%E5%90%88%E5%90%8C.xlsx" },
    });
    const answer = await request.download('/get/hr/exportHrContract', { keyword: 'a' });
    expect(answer.data.fileName).toBe('合同.xlsx');
    expect(sent[0].responseType).toBe('blob');
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });

  it('download reads a refusal sent as JSON instead of a file', async () => {
    reply = () => ({
      data: new Blob([JSON.stringify({ code: 100, message: '无导出权限' })], { type: 'application/json' }),
      headers: { 'content-type': 'application/json;charset=utf-8' },
    });
    await expect(request.download('/get/hr/exportHrContract')).rejects.toMatchObject({ message: '无导出权限', code: 100 });
  });
});
