import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecordLink, recordRouteFor } from '../../runtime/core/links';
import type { MenuNode } from '../../runtime/core/menu';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

describe.each(databases)('the messages a flow sends, read by their recipient, on $name', (database) => {
  let s: TestServer;
  let lina: string;
  let wangfang: string;
  let admin: string;
  let users: Record<string, DemoUser>;
  beforeAll(async () => {
    s = await startTestServer(database, { SEND_INTERVAL_SECONDS: '0' });
    [lina, wangfang, admin] = await Promise.all(['lina', 'wangfang', 'admin'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const setLanguage = (userId: string, language: string) => db().updateTable('sys_user').set({ language }).where('userId', '=', userId).execute();
  const applyAndApprove = async (title: string): Promise<string> => {
    const applied = await s.post(lina, '/set/office/insertOfficeVehicleApply', {
      title, vehicleType: 'sedan', destination: '上海市浦东新区', passengers: 1,
      startTime: '2026-12-02 09:00', endTime: '2026-12-02 18:00', driverNeeded: 0, reason: '拜访客户',
    });
    expect(applied.body.code, applied.body.message).toBe(200);
    const id = String(applied.body.data.applyId);
    const approved = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id, dispatchRemark: '派沪A12345' });
    expect(approved.body.code, approved.body.message).toBe(200);
    return id;
  };
  const myMessages = async (token: string) => (await s.get(token, '/get/system/getMySysMessageList', { page: 1, pageSize: 100 })).body.data.list as Record<string, unknown>[];
  const unread = async (token: string) => (await s.get(token, '/get/system/getUnreadMessageCount')).body.data as { count: number; byType: Record<string, number> };

  it('links the approval message to the record through a page of the applicant\'s own menu, which reads it with the my permission alone', async () => {
    const id = await applyAndApprove('深链接测试');
    const message = (await myMessages(lina)).find((m) => String(m.link ?? '').includes(id));
    expect(message).toBeDefined();
    const link = parseRecordLink(String(message!.link));
    expect(link).toEqual({ menuPath: '/office/vehicle/apply', param: 'applyId', id });
    // The shell resolves the link against the recipient's menu, as the browser does.
    const menu = (await s.get(lina, '/get/system/myMenus')).body.data.menu as MenuNode[];
    const route = recordRouteFor(menu, link!);
    expect(route).toMatchObject({ entity: 'OfficeVehicleApply', basePath: '/office/vehicle/apply' });
    // The applicant holds the my list only: the manage list is refused, her record is not.
    const manage = await s.get(lina, '/get/office/getOfficeVehicleApplyList', { page: 1, pageSize: 10 });
    expect(manage.status).toBe(403);
    const record = await s.get(lina, '/get/office/getOfficeVehicleApplyById', { id });
    expect(record.body.code, record.body.message).toBe(200);
    expect(record.body.data).toMatchObject({ applyId: id, title: '深链接测试', status: 'approved' });
  });

  it('refuses in words: the user reads what they could not do, the permission code stays in the data', async () => {
    const manage = await s.get(lina, '/get/office/getOfficeVehicleApplyList', { page: 1, pageSize: 10 });
    expect(manage.body.message).toBe('没有权限：查看用车申请管理列表');
    expect(manage.body.message).not.toContain('office:');
    expect(manage.body.data).toEqual({ permission: 'office:OfficeVehicleApply:list' });
    const role = await s.post(lina, '/set/system/deleteRole', { id: 'x' });
    expect(role.status).toBe(403);
    expect(role.body.message).toBe('没有权限：删除角色');
  });

  it('writes the message in the recipient\'s language: English for an English-language applicant, on every channel', async () => {
    await setLanguage(users.lina.userId, 'en');
    try {
      const smsBefore = (await db().selectFrom('sys_outbox').select('outboxId').where('channel', '=', 'sms').execute()).length;
      const id = await applyAndApprove('English notice');
      const [message] = (await myMessages(lina)).filter((m) => String(m.link ?? '').includes(id));
      expect(message.title).toBe('Vehicle request “English notice”: Approve');
      expect(message.content).toBe('Your vehicle request "English notice" is now Approved. Time of use: 2026-12-02 09:00:00.');
      const sms = (await db().selectFrom('sys_outbox').select('body').where('channel', '=', 'sms').orderBy('createTime').execute()).slice(smsBefore);
      expect(sms.map((m) => m.body)).toEqual([message.content]);
    } finally {
      await setLanguage(users.lina.userId, 'zh-cn');
    }
    // Back in Chinese, the next one is Chinese again; the English row stays as it was written.
    const id = await applyAndApprove('中文通知');
    const [message] = (await myMessages(lina)).filter((m) => String(m.link ?? '').includes(id));
    expect(message.title).toBe('用车申请「中文通知」批准');
    expect(message.content).toBe('您提交的用车申请「中文通知」已批准，用车时间 2026-12-02 09:00:00。');
  });

  it('marks opened messages read, one by one or all at once, only the caller\'s own, with unread counts by type', async () => {
    await applyAndApprove('已读测试一');
    await applyAndApprove('已读测试二');
    const before = await unread(lina);
    expect(before.count).toBeGreaterThanOrEqual(2);
    expect(before.byType.flow).toBe(before.count - before.byType.system - before.byType.reminder);
    const [first] = (await myMessages(lina)).filter((m) => Number(m.readFlag) === 0);

    // Someone else's ids change nothing.
    const foreign = await s.post(admin, '/set/system/setMessageRead', { ids: [String(first.messageId)] });
    expect(foreign.body.data).toEqual({ updated: 0 });

    const one = await s.post(lina, '/set/system/setMessageRead', { ids: [String(first.messageId)] });
    expect(one.body.data).toEqual({ updated: 1 });
    const opened = await s.get(lina, '/get/system/getSysMessageById', { id: String(first.messageId) });
    expect(opened.body.data.readFlag).toBe(1);
    expect(opened.body.data.readTime).toBeTruthy();
    expect((await unread(lina)).count).toBe(before.count - 1);

    const missing = await s.post(lina, '/set/system/setMessageRead', {});
    expect(missing.body.code).toBe(100);

    const all = await s.post(lina, '/set/system/setMessageRead', { all: 1 });
    expect(all.body.data).toEqual({ updated: before.count - 1 });
    expect(await unread(lina)).toEqual({ count: 0, byType: { system: 0, reminder: 0, flow: 0 } });
  });
});
