import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { rawCall } from './helpers';

const databases = await databasesUnderTest();

const CONFIGURED = {
  APP_NAME: '智慧政务 OA', APP_COLOR: '#1677FF', DASHBOARD_URL: '/hr/contract', GREY_END_TIME: '2099-12-31 23:59:59',
  WATER_MARK: '1', WATER_MARK_CONTENT: '{userName} 内部资料', WATER_MARK_SUBTEXT: '{deptName}',
  ATTACH_HOST: 'https://office.example.cn', OFFICE_TYPE: 'wps', OFD_TYPE: 'viewer', OPEN_ON_LINE_FLAG: '0',
  CHAT_DEV_CODES: 'dd-lina=lina,wx-zhangwei=zhangwei,dd-ghost=nobody',
  DINGTALK_CORP_ID: 'ding-corp-1', DINGTALK_APP_KEY: 'dd-key', DINGTALK_APP_SECRET: 'dd-secret-xyz', DINGTALK_AGENT_ID: '4001',
  WXWORK_CORP_ID: 'ww-corp-1', WXWORK_APP_SECRET: 'ww-secret-xyz', WXWORK_AGENT_ID: '1000002',
};

describe.each(databases)('shell calls with the default configuration on $name', (database) => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(database); });
  afterAll(async () => { await s.stop(); });

  it('getShellConfig is public and gives the spec defaults', async () => {
    const res = await s.get(undefined, '/get/system/getShellConfig');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      appName: '', appColor: '#00C6AE', dashboardUrl: '', greyEndTime: 0,
      waterMark: { enabled: false, content: '', subtext: '' }, encryptionType: 0,
      officeType: 'builtin', ofdType: 'builtin', openOnLineFlag: 1, attachHost: '', version: 'V3.1',
      defaultLanguage: 'zh-cn', languages: ['zh-cn', 'en'],
    });
  });

  it('signs in without a watermark by default', async () => {
    const res = await s.post(undefined, '/get/system/login', { accountId: 'lina', password: 'Demo@123' });
    expect(res.body.data).toMatchObject({ waterMark: '0', waterMarkContent: '', waterMarkSubtext: '' });
  });

  it('saveMyTheme needs a session', async () => {
    const res = await s.post(undefined, '/set/system/saveMyTheme', { theme: '#1677ff' });
    expect(res.status).toBe(401);
  });

  it('saveMyTheme keeps the colour on the user: the next sign-in and getUserInfo carry it', async () => {
    const token = await s.login('lina');
    const saved = await s.post(token, '/set/system/saveMyTheme', { theme: '#722ED1' });
    expect(saved.body).toMatchObject({ code: 200, data: { theme: '#722ed1' } });
    expect((await s.get(token, '/get/system/getUserInfo')).body.data.theme).toBe('#722ed1');
    const again = await s.post(undefined, '/get/system/login', { accountId: 'lina', password: 'Demo@123' });
    expect(again.body.data.userInfo.theme).toBe('#722ed1');
    // Another user's theme is untouched.
    const other = await s.post(undefined, '/get/system/login', { accountId: 'liuyang', password: 'Demo@123' });
    expect(other.body.data.userInfo.theme).toBe('');
    // '' forgets it: the configured colour applies again.
    await s.post(token, '/set/system/saveMyTheme', { theme: '' });
    expect((await s.get(token, '/get/system/getUserInfo')).body.data.theme).toBe('');
  });

  it('saveMyTheme refuses what is not a colour, in the caller\'s language, changing nothing', async () => {
    const token = await s.login('liuyang');
    await s.post(token, '/set/system/saveMyTheme', { theme: '#13C2C2' });
    const bad = await s.post(token, '/set/system/saveMyTheme', { theme: 'red; background:url(x)' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ code: 100, message: '主题颜色必须是 #RRGGBB 形式的颜色值' });
    const english = await rawCall(s, token, 'POST', '/set/system/saveMyTheme', {
      headers: { 'X-Lang': 'en', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'theme=blue',
    });
    expect(english.body.message).toBe('The theme colour must be a colour value like #RRGGBB');
    expect((await s.get(token, '/get/system/getUserInfo')).body.data.theme).toBe('#13c2c2');
  });

  it('chat sign-in refuses every code when no test codes are configured', async () => {
    const res = await s.post(undefined, '/get/chat/doAppLogin', { app: 'dingtalk', code: 'anything' });
    expect(res.body).toMatchObject({ code: 100, message: '授权码无效或已过期' });
  });
});

describe.each(databases)('shell calls with a configured shell on $name', (database) => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(database, CONFIGURED); });
  afterAll(async () => { await s.stop(); });

  it('getShellConfig gives the configured look, office settings and chat ids — never a secret', async () => {
    const res = await s.get(undefined, '/get/system/getShellConfig');
    expect(res.body.data).toMatchObject({
      appName: '智慧政务 OA', appColor: '#1677FF', dashboardUrl: '/hr/contract',
      greyEndTime: new Date(2099, 11, 31, 23, 59, 59).getTime(),
      waterMark: { enabled: true, content: '{userName} 内部资料', subtext: '{deptName}' },
      officeType: 'wps', ofdType: 'viewer', openOnLineFlag: 0, attachHost: 'https://office.example.cn',
      chat: { dingtalk: { corpId: 'ding-corp-1', agentId: '4001' }, wxwork: { corpId: 'ww-corp-1', agentId: '1000002' } },
    });
    const text = JSON.stringify(res.body);
    for (const secret of ['dd-secret-xyz', 'ww-secret-xyz', 'dd-key', 'dd-lina']) expect(text).not.toContain(secret);
  });

  it('puts the configured watermark, filled with the user, into the sign-in answer', async () => {
    const res = await s.post(undefined, '/get/system/login', { accountId: 'lina', password: 'Demo@123' });
    expect(res.body.data).toMatchObject({ waterMark: '1', waterMarkContent: '李娜 内部资料', waterMarkSubtext: '前端开发组' });
  });

  it('doAppLogin resolves a chat code to a session like login', async () => {
    const res = await s.post(undefined, '/get/chat/doAppLogin', { app: 'dingtalk', code: 'dd-lina' });
    expect(res.body.code).toBe(200);
    for (const key of ['token', 'userInfo', 'permissions', 'msgtime', 'waterMark', 'accessToken', 'refreshToken', 'uid', 'department']) {
      expect(res.body.data).toHaveProperty(key);
    }
    expect(res.body.data.userInfo.accountId).toBe('lina');
    const menus = await s.get(res.body.data.token, '/get/system/myMenus');
    expect(menus.status).toBe(200);
  });

  it('getDingDingUserInfo and getWxUserInfo do the same for one app each, by GET or POST', async () => {
    const dd = await s.get(undefined, '/get/chat/getDingDingUserInfo', { code: 'dd-lina' });
    expect(dd.body.data.userInfo.accountId).toBe('lina');
    const wx = await s.post(undefined, '/get/chat/getWxUserInfo', { code: 'wx-zhangwei' });
    expect(wx.body.data.userInfo.accountId).toBe('zhangwei');
    const aliased = await s.post(undefined, '/get/chat/doAppLogin', { app: 'wx', code: 'wx-zhangwei' });
    expect(aliased.body.data.userInfo.accountId).toBe('zhangwei');
  });

  it('refuses a missing code, an unknown app, an unknown code and a code for a missing account', async () => {
    expect((await s.post(undefined, '/get/chat/doAppLogin', { app: 'dingtalk' })).body).toMatchObject({ code: 100, message: '缺少授权码（code）' });
    expect((await s.post(undefined, '/get/chat/doAppLogin', { app: 'qq', code: 'dd-lina' })).body).toMatchObject({ code: 100, message: '不支持的应用：qq' });
    expect((await s.post(undefined, '/get/chat/getWxUserInfo', { code: 'nope' })).body).toMatchObject({ code: 100, message: '授权码无效或已过期' });
    expect((await s.post(undefined, '/get/chat/getDingDingUserInfo', { code: 'dd-ghost' })).body).toMatchObject({ code: 100, message: '授权码无效或已过期' });
  });

  it('refuses a disabled account', async () => {
    const users = s.server.ctx.database.db;
    await users.updateTable('sys_user').set({ status: 0 }).where('accountId', '=', 'zhangwei').execute();
    const res = await s.post(undefined, '/get/chat/getWxUserInfo', { code: 'wx-zhangwei' });
    expect(res.body.code).toBe(100);
    expect(res.body.data).toBeNull();
    await users.updateTable('sys_user').set({ status: 1 }).where('accountId', '=', 'zhangwei').execute();
  });

  it('stops an address guessing codes after 10 failures, even with a right code', async () => {
    let last = 0;
    for (let i = 0; i < 10; i += 1) last = (await s.post(undefined, '/get/chat/doAppLogin', { app: 'dingtalk', code: `guess-${i}` })).body.code;
    expect(last).toBe(100);
    const blocked = await s.post(undefined, '/get/chat/doAppLogin', { app: 'dingtalk', code: 'dd-lina' });
    expect(blocked.body).toMatchObject({ code: 100, message: '授权码错误次数过多，请稍后再试' });
  });
});
