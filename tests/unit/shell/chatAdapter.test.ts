import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DevelopmentChatAdapter, createChatAdapters } from '../../../server/adapters/chat';
import { FailureThrottle } from '../../../server/shell/chatLoginCalls';
import { readDevCodes, readShellSettings } from '../../../server/shell/shellConfig';
import { normaliseTheme } from '../../../server/shell/themeCall';
import { fillWatermarkText, sessionWatermark } from '../../../server/shell/watermark';

const credentials = { corpId: 'ding-corp', appKey: 'key', appSecret: 'secret-never-logged', agentId: '4001' };

describe('chat-app development adapter', () => {
  it('resolves only the configured test codes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-'));
    const adapter = new DevelopmentChatAdapter('dingtalk', credentials, new Map([['dd-1', 'lina']]), dir);
    expect(await adapter.resolveUser('dd-1')).toEqual({ accountId: 'lina', chatUserId: 'dev-dingtalk-lina' });
    expect(await adapter.resolveUser(' dd-1 ')).toMatchObject({ accountId: 'lina' });
    expect(await adapter.resolveUser('guess')).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records what it would send, in memory and in the outbox file, without the secret', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-'));
    const adapter = new DevelopmentChatAdapter('wxwork', credentials, new Map(), dir);
    await adapter.sendMessage({ toAccountIds: ['lina'], title: '合同到期', text: 'HT-1', url: '/wapp/login?redirect=%2Fapp' });
    expect(adapter.sent).toHaveLength(1);
    const lines = fs.readFileSync(adapter.outboxPath, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ app: 'wxwork', agentId: '4001', toAccountIds: ['lina'], url: '/wapp/login?redirect=%2Fapp' });
    expect(fs.readFileSync(adapter.outboxPath, 'utf8')).not.toContain('secret-never-logged');
    expect(adapter.outboxPath).toBe(path.join(dir, 'outbox', 'chat-wxwork.jsonl'));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds one adapter per chat app from the configuration', () => {
    const settings = readShellSettings({ CHAT_DEV_CODES: 'a=lina', DINGTALK_CORP_ID: 'c1', WXWORK_AGENT_ID: '9' });
    const adapters = createChatAdapters(settings.chat, os.tmpdir());
    expect([...adapters.keys()]).toEqual(['dingtalk', 'wxwork']);
    expect(settings.chat.apps.dingtalk.corpId).toBe('c1');
    expect(settings.chat.apps.wxwork.agentId).toBe('9');
  });

  it('reads the test codes table and refuses malformed entries', () => {
    expect([...readDevCodes('c1=lina, c2 = admin ,')]).toEqual([['c1', 'lina'], ['c2', 'admin']]);
    expect(readDevCodes(undefined).size).toBe(0);
    expect(() => readDevCodes('c1')).toThrow(/code=accountId/);
    expect(() => readDevCodes('c1=a=b')).toThrow(/code=accountId/);
  });

  it('throttles an address after 10 failed codes within 10 minutes', () => {
    const throttle = new FailureThrottle(10, 600_000);
    for (let i = 0; i < 9; i += 1) throttle.fail('1.2.3.4', 1000);
    expect(throttle.blocked('1.2.3.4', 1000)).toBe(false);
    throttle.fail('1.2.3.4', 1000);
    expect(throttle.blocked('1.2.3.4', 1000)).toBe(true);
    expect(throttle.blocked('5.6.7.8', 1000)).toBe(false);
    expect(throttle.blocked('1.2.3.4', 1000 + 600_001)).toBe(false);
  });
});

describe('shell settings from the environment', () => {
  it('has the spec defaults', () => {
    expect(readShellSettings({})).toMatchObject({
      appName: '', appColor: '#00C6AE', dashboardUrl: '', greyEndTime: 0, waterMark: { enabled: false, content: '', subtext: '' },
    });
  });

  it('reads every setting', () => {
    const settings = readShellSettings({
      APP_NAME: ' 智慧 OA ', APP_COLOR: '1677ff', DASHBOARD_URL: '/hr/contract', GREY_END_TIME: '2099-12-31 23:59:59',
      WATER_MARK: '1', WATER_MARK_CONTENT: '{userName}', WATER_MARK_SUBTEXT: '内部资料',
    });
    expect(settings).toMatchObject({
      appName: '智慧 OA', appColor: '#1677ff', dashboardUrl: '/hr/contract', greyEndTime: new Date(2099, 11, 31, 23, 59, 59).getTime(),
      waterMark: { enabled: true, content: '{userName}', subtext: '内部资料' },
    });
  });

  it('stops the start on a wrong value, naming the variable', () => {
    expect(() => readShellSettings({ APP_COLOR: 'teal' })).toThrow(/APP_COLOR/);
    expect(() => readShellSettings({ DASHBOARD_URL: 'https://evil.example' })).toThrow(/DASHBOARD_URL/);
    expect(() => readShellSettings({ DASHBOARD_URL: '/' })).toThrow(/DASHBOARD_URL/);
    expect(() => readShellSettings({ GREY_END_TIME: 'next week' })).toThrow(/GREY_END_TIME/);
    expect(() => readShellSettings({ WATER_MARK: 'yes' })).toThrow(/WATER_MARK/);
  });
});

describe('session watermark and saved theme', () => {
  const user = { userName: '李娜', accountId: 'lina', deptName: '前端开发组', unitName: '华东智联' };

  it('defaults to the user\'s name over the account, fills placeholders, and is empty when off', () => {
    expect(sessionWatermark({ enabled: true, content: '', subtext: '' }, user))
      .toEqual({ waterMark: '1', waterMarkContent: '李娜', waterMarkSubtext: 'lina' });
    expect(sessionWatermark({ enabled: true, content: '{unitName} 内部资料', subtext: '{deptName} {userName}' }, user))
      .toEqual({ waterMark: '1', waterMarkContent: '华东智联 内部资料', waterMarkSubtext: '前端开发组 李娜' });
    expect(sessionWatermark({ enabled: false, content: 'x', subtext: 'y' }, user))
      .toEqual({ waterMark: '0', waterMarkContent: '', waterMarkSubtext: '' });
    expect(fillWatermarkText('{unknown} {accountId}', user)).toBe('{unknown} lina');
  });

  it('normalises a saved theme colour and refuses anything else', () => {
    expect(normaliseTheme('#0C8')).toBe('#00cc88');
    expect(normaliseTheme('1677FF')).toBe('#1677ff');
    expect(normaliseTheme('')).toBe('');
    expect(normaliseTheme(undefined)).toBe('');
    expect(normaliseTheme('red')).toBeNull();
    expect(normaliseTheme('#12345')).toBeNull();
    expect(normaliseTheme('url(javascript:x)')).toBeNull();
  });
});
