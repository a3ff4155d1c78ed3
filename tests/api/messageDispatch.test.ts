import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/** A local HTTP SMS gateway (an external party) recording what it receives. */
async function startGateway(): Promise<{ url: string; received: Record<string, unknown>[]; close(): Promise<void> }> {
  const received: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    req.on('end', () => {
      received.push(JSON.parse(text) as Record<string, unknown>);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/sms`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(databases)('notifications by message type and the SMS configuration on $name', (database) => {
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
  const apply = async (title: string): Promise<string> => {
    const res = await s.post(lina, '/set/office/insertOfficeVehicleApply', {
      title, vehicleType: 'sedan', destination: '上海市浦东新区', passengers: 1,
      startTime: '2026-12-02 09:00', endTime: '2026-12-02 18:00', driverNeeded: 0, reason: '拜访客户',
    });
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.applyId);
  };
  const messagesOf = (userId: string) => db().selectFrom('sys_message').selectAll().where('receiverId', '=', userId).execute();
  const outbox = (channel: string) => db().selectFrom('sys_outbox').selectAll().where('channel', '=', channel).orderBy('createTime').execute();
  const messageType = async (code: string) => (await s.get(admin, '/get/system/getMessageConfigList', { page: 1, limit: 50, keyword: code })).body.data.list[0];

  it('tells the applicant of the dispatcher\'s decision on every channel of its message type, with the template filled in', async () => {
    const id = await apply('客户签约用车');
    const smsBefore = (await outbox('sms')).length;
    const approved = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id, dispatchRemark: '派沪A12345' });
    expect(approved.body.code, approved.body.message).toBe(200);

    const mine = (await messagesOf(users.lina.userId)).filter((m) => String(m.link ?? '').includes(id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msgType: 'flow', readFlag: 0, link: `/app/office/vehicle/apply/details?applyId=${id}` });
    expect(String(mine[0].title)).toContain('客户签约用车');
    expect(mine[0].content).toMatch(/^您提交的用车申请「客户签约用车」已.+，用车时间 2026-12-02 09:00:00。$/);
    // officeVehicleResult goes out as SMS too: to the applicant's phone, same text.
    const sms = (await outbox('sms')).slice(smsBefore);
    const phone = (await db().selectFrom('sys_user').select('phone').where('userId', '=', users.lina.userId).executeTakeFirstOrThrow()).phone;
    expect(sms.map((m) => [m.recipient, m.body])).toEqual([[phone, mine[0].content]]);
    // The dispatcher, who acted, is not notified.
    expect((await messagesOf(users.wangfang.userId)).filter((m) => String(m.link ?? '').includes(id))).toHaveLength(0);
  });

  it('sends nothing once the administrator switches the message type off, and the decision still stands', async () => {
    const type = await messageType('officeVehicleResult');
    const off = await s.post(admin, '/set/system/updateMessageConfig', { id: type.msgConfigId, enabled: 0 });
    expect(off.body.code, off.body.message).toBe(200);
    const id = await apply('不需通知的申请');
    const smsBefore = (await outbox('sms')).length;
    const rejected = await s.post(wangfang, '/set/office/rejectOfficeVehicleApply', { id, opinion: '车辆已满' });
    expect(rejected.body.code, rejected.body.message).toBe(200);
    expect(rejected.body.data.status).toBe('rejected');
    expect((await messagesOf(users.lina.userId)).filter((m) => String(m.link ?? '').includes(id))).toHaveLength(0);
    expect(await outbox('sms')).toHaveLength(smsBefore);
    await s.post(admin, '/set/system/updateMessageConfig', { id: type.msgConfigId, enabled: 1 });
  });

  it('follows the template and channels the administrator edits', async () => {
    const type = await messageType('officeVehicleResult');
    const edit = await s.post(admin, '/set/system/updateMessageConfig', {
      id: type.msgConfigId, channels: ['site'], template: '{userName}：{title} → {result}（{opinion}）{unknown}',
    });
    expect(edit.body.code, edit.body.message).toBe(200);
    const id = await apply('模板测试');
    const smsBefore = (await outbox('sms')).length;
    await s.post(wangfang, '/set/office/rejectOfficeVehicleApply', { id, opinion: '改期' });
    const [message] = (await messagesOf(users.lina.userId)).filter((m) => String(m.link ?? '').includes(id));
    expect(message.content).toMatch(/^李娜：模板测试 → .+（改期）$/);
    expect(await outbox('sms')).toHaveLength(smsBefore);
  });

  it('sends work notices through both chat apps when the message type names them, with the jump link to the record', async () => {
    const type = await messageType('officeVehicleResult');
    const edit = await s.post(admin, '/set/system/updateMessageConfig', { id: type.msgConfigId, channels: ['dingtalk', 'wxwork'], template: '{title}：{result}' });
    expect(edit.body.code, edit.body.message).toBe(200);
    const id = await apply('钉钉通知测试');
    const before = { dingtalk: (await outbox('dingtalk')).length, wxwork: (await outbox('wxwork')).length };
    await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id, dispatchRemark: '派车' });
    const link = `/app/office/vehicle/apply/details?applyId=${id}`;
    for (const [app, client] of [['dingtalk', 'dapp'], ['wxwork', 'wapp']] as const) {
      const sent = (await outbox(app)).slice(before[app]);
      expect(sent, app).toHaveLength(1);
      expect(sent[0].recipient).toBe('lina');
      expect(String(sent[0].body)).toContain('钉钉通知测试');
      expect(String(sent[0].body)).toContain(`/${client}/login?${new URLSearchParams({ redirect: link }).toString()}`);
    }
    // No site message this time: the channels are exactly the configured ones.
    expect((await messagesOf(users.lina.userId)).filter((m) => String(m.link ?? '').includes(id))).toHaveLength(0);
    await s.post(admin, '/set/system/updateMessageConfig', { id: type.msgConfigId, channels: ['site', 'sms'] });
  });

  it('sends SMS through the provider enabled on the SMS configuration screen, read at each send', async () => {
    const gateway = await startGateway();
    try {
      const providers = (await s.get(admin, '/get/system/getSmsConfigList', { page: 1, limit: 10 })).body.data.list as Record<string, any>[];
      const outboxProvider = providers.find((p) => p.providerType === 'outbox' && p.enabled === 1)!;
      expect(outboxProvider).toBeDefined();
      const created = await s.post(admin, '/set/system/insertSmsConfig', {
        providerName: '本地网关', providerType: 'http', gatewayUrl: gateway.url, signName: '华东智联', templateCode: 'SMS_1', enabled: 1,
      });
      expect(created.body.code, created.body.message).toBe(200);
      // Two enabled: the first created (the outbox) still wins; switching it off hands over.
      await s.post(admin, '/set/system/updateSmsConfig', { id: outboxProvider.smsConfigId, enabled: 0 });
      // Codes go only to a user's phone (unknown numbers get the same answer and no SMS).
      const phone = String((await db().selectFrom('sys_user').select('phone').where('userId', '=', users.lina.userId).executeTakeFirstOrThrow()).phone);
      expect((await s.get(undefined, '/get/system/sendMessage', { phone })).body.code).toBe(200);
      expect(gateway.received.at(-1)).toMatchObject({ phone, signName: '华东智联', templateCode: 'SMS_1', text: expect.stringMatching(/\d{6}/) });
      const before = gateway.received.length;
      await s.post(admin, '/set/system/updateSmsConfig', { id: created.body.data.smsConfigId, enabled: 0 });
      await s.post(admin, '/set/system/updateSmsConfig', { id: outboxProvider.smsConfigId, enabled: 1 });
      expect((await s.get(undefined, '/get/system/sendMessage', { phone })).body.code).toBe(200);
      expect(gateway.received).toHaveLength(before);
      expect((await outbox('sms')).at(-1)).toMatchObject({ recipient: phone, body: expect.stringMatching(/\d{6}/) });
    } finally {
      await gateway.close();
    }
  });

  it('refuses an HTTP provider without a gateway address, and plain users cannot change providers', async () => {
    const missing = await s.post(admin, '/set/system/insertSmsConfig', { providerName: '无地址', providerType: 'http', enabled: 0 });
    expect(missing.body.code).toBe(100);
    const count = (await s.get(admin, '/get/system/getSmsConfigList', { page: 1, limit: 10 })).body.data.total;
    const refused = await s.post(lina, '/set/system/insertSmsConfig', { providerName: '偷换', providerType: 'outbox', enabled: 1 });
    expect(refused.status).toBe(403);
    expect((await s.get(admin, '/get/system/getSmsConfigList', { page: 1, limit: 10 })).body.data.total).toBe(count);
  });
});
