import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { chatAdaptersFor } from '../../server/people/chatAdapters';
import type { DevelopmentChatAdapter } from '../../server/adapters/chat';

const databases = await databasesUnderTest();

/** DingTalk configured (corp, agent, key, secret), WeCom not: its calls answer {configured: false}. */
const ENV = {
  CHAT_DEV_CODES: 'dd-lina=lina,dd-zhoujie=zhoujie,wx-zhangwei=zhangwei',
  DINGTALK_CORP_ID: 'ding-corp-1', DINGTALK_APP_KEY: 'dd-key', DINGTALK_APP_SECRET: 'dd-secret-xyz', DINGTALK_AGENT_ID: '4001',
};

/**
 * The chat module's calls through the development adapter: JS-API signatures and PC sign-in
 * addresses, an unconfigured app, group chats opened and stopped in the app, account bindings
 * whose stopped login refuses doAppLogin, and the workbench function list.
 */
describe.each(databases)('chat app integration, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let lina: string;

  beforeAll(async () => {
    s = await startTestServer(database, ENV);
    [admin, lina] = await Promise.all([s.login('admin'), s.login('lina')]);
  }, 240_000);
  afterAll(async () => { await s?.stop(); });
  const db = () => s.server.ctx.database.db;
  const dingtalk = () => chatAdaptersFor(s.server.ctx).get('dingtalk') as DevelopmentChatAdapter;

  it('signs the JS-API configuration with the adapter\'s ticket, never answering it or the secret', async () => {
    const url = 'https://oa.example.com/dapp/home?x=1';
    const res = await s.get(lina, '/get/chat/getDdJSAPITicket', { url });
    expect(res.body.code, res.body.message).toBe(200);
    const { timeStamp, nonceStr, signature, corpId, agentId } = res.body.data;
    expect({ corpId, agentId, configured: res.body.data.configured }).toEqual({ corpId: 'ding-corp-1', agentId: '4001', configured: true });
    const ticket = dingtalk().directory.filter((e) => e.operation === 'jsapiTicket').at(-1)!.payload as { ticket: string };
    expect(signature).toBe(createHash('sha1').update(`jsapi_ticket=${ticket.ticket}&noncestr=${nonceStr}&timestamp=${timeStamp}&url=${url}`).digest('hex'));
    expect(JSON.stringify(res.body)).not.toContain(ticket.ticket);
    expect(JSON.stringify(res.body)).not.toContain('dd-secret-xyz');
    expect((await s.get(lina, '/get/chat/getDdJSAPITicket', { url: 'javascript:alert(1)' })).body.code).toBe(100);
    expect((await s.get(undefined, '/get/chat/getDdJSAPITicket', { url })).status).toBe(401);
    // WeCom has no configuration here.
    expect((await s.get(lina, '/get/chat/getWxJSAPITicket', { url })).body).toMatchObject({ code: 200, data: { configured: false, app: 'wxwork' } });
  });

  it('gives the PC scan sign-in address before sign-in, and {configured:false} for an unconfigured app', async () => {
    const res = await s.get(undefined, '/get/chat/getDdPcLogin', { redirect: 'https://oa.example.com/login' });
    expect(res.body.code, res.body.message).toBe(200);
    const login = new URL(res.body.data.loginUrl);
    expect(login.searchParams.get('redirect_uri')).toBe('https://oa.example.com/login');
    expect(login.searchParams.get('state')).toBe(res.body.data.state);
    expect(res.body.data.loginUrl).not.toContain('dd-key');
    expect((await s.get(undefined, '/get/chat/getWxPcLogin', { redirect: 'https://oa.example.com/login' })).body.data).toEqual({ configured: false, app: 'wxwork' });
    expect((await s.get(undefined, '/get/chat/getDdPcLogin', { redirect: '//evil' })).body.code).toBe(100);
  });

  it('refuses doAppLogin for a binding whose login is stopped, and lets it in again once opened', async () => {
    expect((await s.post(undefined, '/get/chat/doAppLogin', { app: 'dingtalk', code: 'dd-lina' })).body.code).toBe(200);
    const stopped = await s.post(undefined, '/get/chat/doAppLogin', { app: 'dingtalk', code: 'dd-zhoujie' }); // the demo's stopped binding
    expect(stopped.body).toMatchObject({ code: 100, message: '该账号已被停止通过此应用登录，请联系管理员' });
    expect((await s.post(undefined, '/get/chat/getDingDingUserInfo', { code: 'dd-zhoujie' })).body.code).toBe(100);
    const binding = await db().selectFrom('chat_account').select('chatAccountId').where('externalId', '=', 'dd_zhoujie').executeTakeFirstOrThrow();
    expect((await s.post(lina, '/set/chat/openChatLogin', { id: binding.chatAccountId })).status).toBe(403);
    expect((await s.post(admin, '/set/chat/openChatLogin', { id: binding.chatAccountId })).body.code).toBe(200);
    expect((await s.post(admin, '/set/chat/openChatLogin', { id: binding.chatAccountId })).body.code).toBe(100);
    expect((await s.post(undefined, '/get/chat/doAppLogin', { app: 'dingtalk', code: 'dd-zhoujie' })).body.code).toBe(200);
    const lina2 = await db().selectFrom('chat_account').select('lastLoginTime').where('externalId', '=', 'dd_lina').executeTakeFirstOrThrow();
    expect(lina2.lastLoginTime).toBeTruthy();
    expect((await s.post(admin, '/set/chat/stopChatLogin', { id: binding.chatAccountId })).body.code).toBe(200);
    expect((await s.post(undefined, '/get/chat/doAppLogin', { app: 'dingtalk', code: 'dd-zhoujie' })).body.code).toBe(100);
  });

  it('makes, stops and reopens a group chat through the adapter; an unconfigured app is refused', async () => {
    const created = await s.post(admin, '/set/chat/insertChatGroup', { groupName: '接口联调群', app: 'dingtalk', members: [(await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'lina').executeTakeFirstOrThrow()).userId] });
    expect(created.body.code, created.body.message).toBe(200);
    const id = created.body.data.chatGroupId;
    const opened = await s.post(admin, '/set/chat/openChatGroup', { id });
    expect(opened.body.data).toMatchObject({ groupStatus: 'open', chatId: `dev-chat-dingtalk-${id}` });
    expect(dingtalk().directory.at(-1)).toMatchObject({ operation: 'createGroup', target: `dev-chat-dingtalk-${id}` });
    expect((await s.post(admin, '/set/chat/openChatGroup', { id })).body.code).toBe(100);
    expect((await s.post(admin, '/set/chat/stopChatGroup', { id })).body.data.groupStatus).toBe('stopped');
    expect(dingtalk().directory.at(-1)?.operation).toBe('stopGroup');
    expect((await s.post(admin, '/set/chat/openChatGroup', { id })).body.code).toBe(200);
    expect(dingtalk().directory.at(-1)?.operation).toBe('openGroup');

    const wx = await db().selectFrom('chat_group').select('chatGroupId').where('groupName', '=', '2026 年会筹备').executeTakeFirstOrThrow();
    const refused = await s.post(admin, '/set/chat/openChatGroup', { id: wx.chatGroupId });
    expect(refused.body).toMatchObject({ code: 100, message: '应用 wxwork 尚未配置企业 ID 和应用 ID' });
    expect((await db().selectFrom('chat_group').select('groupStatus').where('chatGroupId', '=', wx.chatGroupId).executeTakeFirstOrThrow()).groupStatus).toBe('pending');
    expect((await s.post(lina, '/set/chat/stopChatGroup', { id })).status).toBe(403);
  });

  it('lists the workbench functions of an app in order, in the reader\'s language', async () => {
    const res = await s.get(lina, '/get/chat/getChatAppFunctionList', { app: 'wxwork' });
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.map((f: { title: string }) => f.title)).toEqual(['待办', '日程', '会议预约', '考勤打卡']);
    expect((await s.get(lina, '/get/chat/getChatAppFunctionList', { app: 'qq' })).body.code).toBe(100);
  });

  it('leaves out the functions whose page the caller\'s menu does not hold', async () => {
    // An entity page (用户管理, with a details path under it), a page without an entity (统计) and a path no menu covers.
    const added: [string, string][] = [['管理用户', '/system/user'], ['用户详情', '/system/user/details?id=1'], ['统计', '/infohub/statistics'], ['外部页', '/app/elsewhere']];
    for (const [index, [title, path]] of added.entries()) {
      const res = await s.post(admin, '/set/chat/insertChatWorkbenchFunction', { title, app: 'all', path, enabled: 1, sort: 50 + index });
      expect(res.body.code, res.body.message).toBe(200);
    }
    const titles = async (token: string) => {
      const res = await s.get(token, '/get/chat/getChatAppFunctionList', { app: 'wxwork' });
      expect(res.body.code, res.body.message).toBe(200);
      return res.body.data.map((f: { title: string }) => f.title) as string[];
    };
    const linaSees = await titles(lina);
    expect(linaSees).toEqual(['待办', '日程', '会议预约', '考勤打卡', '外部页']);
    // The superuser's menu holds every page.
    expect(await titles(admin)).toEqual(['待办', '日程', '会议预约', '考勤打卡', '管理用户', '用户详情', '统计', '外部页']);
    // The statistics page granted to lina's role (menu:infohubStatistics) brings its function with it.
    const page = await db().selectFrom('sys_menu').select('menuId').where('name', '=', 'infohubStatistics').executeTakeFirstOrThrow();
    const staff = await db().selectFrom('sys_role').select(['roleId', 'menuIds']).where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    await db().updateTable('sys_role').set({ menuIds: `${String(staff.menuIds)},${String(page.menuId)}` }).where('roleId', '=', staff.roleId).execute();
    try {
      // The role's write empties the principal cache: lina's next call reads her new grant.
      expect(await titles(lina)).toEqual(['待办', '日程', '会议预约', '考勤打卡', '统计', '外部页']);
    } finally {
      await db().updateTable('sys_role').set({ menuIds: staff.menuIds }).where('roleId', '=', staff.roleId).execute();
    }
  });
});
