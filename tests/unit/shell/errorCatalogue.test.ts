import { describe, expect, it } from 'vitest';
import zhCn from '../../../locales/zh-cn.json';
import { classifyFailure, type FailureText } from '../../../src/request/errorCatalogue';

/** The zh-cn text a catalogue key stands for, to check the spec's exact Chinese wording. */
function zh(text: FailureText): string {
  if ('literal' in text) return text.literal;
  return text.key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], zhCn) as string;
}

const url = '/get/hr/getHrContractList';

describe('classifyFailure (shell spec §8)', () => {
  it('HTTP 404: notification 请求错误 with the fixed text', () => {
    const { action, reason } = classifyFailure({ url, status: 404, body: { code: 404, message: 'no such call' } });
    expect(action.kind).toBe('notify');
    if (action.kind !== 'notify') return;
    expect(zh({ key: action.titleKey })).toBe('请求错误');
    expect(zh(action.text)).toBe('Status:404，正在请求不存在的服务器记录！');
    expect(reason).toEqual({ literal: 'no such call' });
  });

  it('HTTP 500: the server message, else the fixed text', () => {
    const withMessage = classifyFailure({ url, status: 500, body: { code: 500, message: '数据库不可用' } });
    expect(withMessage.action).toEqual({ kind: 'notify', titleKey: 'shell.request.errorTitle', text: { literal: '数据库不可用' } });
    const bare = classifyFailure({ url, status: 500, body: '<html>' });
    expect(bare.action.kind === 'notify' && zh(bare.action.text)).toBe('Status:500，服务器发生错误！');
  });

  it('HTTP 401 and 400: the 无权限访问 dialog', () => {
    expect(classifyFailure({ url, status: 401, body: { code: 401, message: '' } }).action).toEqual({ kind: 'confirmRelogin' });
    expect(classifyFailure({ url, status: 400 }).action).toEqual({ kind: 'confirmRelogin' });
  });

  it('other HTTP statuses: the server message, else 未知错误', () => {
    expect(classifyFailure({ url, status: 403, body: { code: 403, message: '无权操作此记录' } }).action)
      .toEqual({ kind: 'notify', titleKey: 'shell.request.errorTitle', text: { literal: '无权操作此记录' } });
    const bare = classifyFailure({ url, status: 502 });
    expect(bare.action.kind === 'notify' && zh(bare.action.text)).toBe('未知错误');
  });

  it('no response: 请求服务器无响应！', () => {
    const { action, reason } = classifyFailure({ url });
    expect(action.kind === 'notify' && zh(action.text)).toBe('请求服务器无响应！');
    expect(zh(reason)).toBe('请求服务器无响应！');
  });

  it('body code 401 redirects to /login', () => {
    expect(classifyFailure({ url, status: 200, body: { code: 401, message: '登录已过期' } }).action)
      .toEqual({ kind: 'redirectToLogin' });
  });

  it('body code 100 leaves the message to the caller', () => {
    const { action, reason } = classifyFailure({ url, status: 200, body: { code: 100, message: '合同编号不能为空', data: { errors: [] } } });
    expect(action).toEqual({ kind: 'leaveToCaller' });
    expect(reason).toEqual({ literal: '合同编号不能为空' });
  });

  it('another body code, or no envelope at all, is notified', () => {
    expect(classifyFailure({ url, status: 200, body: { code: 403, message: '无权限' } }).action)
      .toEqual({ kind: 'notify', titleKey: 'shell.request.errorTitle', text: { literal: '无权限' } });
    const html = classifyFailure({ url, status: 200, body: '<html>proxy</html>' });
    expect(html.action.kind === 'notify' && zh(html.action.text)).toBe('未知错误');
  });

  it('shop URLs (/seller/) show nothing but still explain the rejection', () => {
    for (const status of [undefined, 400, 401, 404, 500, 502]) {
      expect(classifyFailure({ url: '/seller/goods/list', status }).action).toEqual({ kind: 'silent' });
    }
    const body = classifyFailure({ url: '/seller/goods/list', status: 200, body: { code: 401, message: 'expired' } });
    expect(body).toEqual({ action: { kind: 'silent' }, reason: { literal: 'expired' } });
  });
});
