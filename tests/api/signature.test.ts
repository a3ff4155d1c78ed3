import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { DEFAULT_DEMO_PASSWORD, startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

describe.each(databases)('signing settings: flow decisions confirmed by password or SMS code on $name', (database) => {
  let s: TestServer;
  let lina: string;
  let wangfang: string;
  let admin: string;
  let users: Record<string, DemoUser>;
  let signatureId: string;
  beforeAll(async () => {
    s = await startTestServer(database, { SEND_INTERVAL_SECONDS: '0' });
    [lina, wangfang, admin] = await Promise.all(['lina', 'wangfang', 'admin'].map((a) => s.login(a)));
    users = await demoUsers(s);
    const list = await s.get(admin, '/get/system/getSignatureConfigList', { page: 1, limit: 50 });
    signatureId = (list.body.data.list as Record<string, any>[]).find((r) => r.userId === users.wangfang.userId)!.signatureId;
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const setSignature = async (values: Record<string, unknown>) => {
    const res = await s.post(admin, '/set/system/updateSignatureConfig', { id: signatureId, ...values });
    expect(res.body.code, res.body.message).toBe(200);
  };
  const apply = async (): Promise<string> => {
    const res = await s.post(lina, '/set/office/insertOfficeVehicleApply', {
      title: '签批测试', vehicleType: 'sedan', destination: '苏州', passengers: 1,
      startTime: '2026-12-08 09:00', endTime: '2026-12-08 17:00', driverNeeded: 0, reason: '走访',
    });
    expect(res.body.code, res.body.message).toBe(200);
    return String(res.body.data.applyId);
  };
  const state = async (id: string) => (await db().selectFrom('office_vehicle_apply').select('status').where('applyId', '=', id).executeTakeFirstOrThrow()).status;
  // The decisions taken (not the submission step).
  const logs = (id: string) => db().selectFrom('sys_flow_log').selectAll().where('recordId', '=', id).where('transition', '<>', '$submit').execute();

  it('tells each user whether and how their decisions are confirmed', async () => {
    await setSignature({ enabled: 1, verifyMethod: 'password' });
    expect((await s.get(wangfang, '/get/system/getMySignature')).body.data).toMatchObject({ required: true, verifyMethod: 'password' });
    expect((await s.get(lina, '/get/system/getMySignature')).body.data).toMatchObject({ required: false, verifyMethod: null });
    expect((await s.get(undefined, '/get/system/getMySignature')).status).toBe(401);
  });

  it('refuses a decision without the right password and writes nothing; takes it with the password and records how', async () => {
    await setSignature({ enabled: 1, verifyMethod: 'password' });
    const id = await apply();
    const missing = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id });
    expect(missing.body).toMatchObject({ code: 100, message: '签批确认：请输入登录密码' });
    const wrong = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id, signPassword: 'Wrong@123' });
    expect(wrong.body).toMatchObject({ code: 100, message: '签批确认失败：登录密码不正确' });
    expect(await state(id)).toBe('applied');
    expect(await logs(id)).toHaveLength(0);

    const ok = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id, signPassword: DEFAULT_DEMO_PASSWORD, dispatchRemark: '沪A0001' });
    expect(ok.body.code, ok.body.message).toBe(200);
    expect(await state(id)).toBe('approved');
    const history = await s.get(lina, '/get/system/getFlowLog', { entity: 'OfficeVehicleApply', id });
    expect(history.body.data.slice(1)).toEqual([expect.objectContaining({ transition: 'approve', verifyMethod: 'password', userName: users.wangfang.userName })]);
    // The password is not stored anywhere in the log.
    expect(JSON.stringify(await logs(id))).not.toContain(DEFAULT_DEMO_PASSWORD);
  });

  it('confirms with a single-use SMS code sent to the signer\'s own phone', async () => {
    await setSignature({ enabled: 1, verifyMethod: 'sms' });
    const phone = String((await db().selectFrom('sys_user').select('phone').where('userId', '=', users.wangfang.userId).executeTakeFirstOrThrow()).phone);
    const mine = await s.get(wangfang, '/get/system/getMySignature');
    expect(mine.body.data).toMatchObject({ required: true, verifyMethod: 'sms', phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` });

    const id = await apply();
    const sent = await s.post(wangfang, '/set/system/sendSignCode');
    expect(sent.body.code, sent.body.message).toBe(200);
    const sms = await db().selectFrom('sys_outbox').selectAll().where('channel', '=', 'sms').where('recipient', '=', phone).orderBy('createTime', 'desc').execute();
    const code = /(\d{6})/.exec(String(sms[0].body))![1];
    expect(String(sms[0].body)).toContain('确认审批操作');

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await s.post(wangfang, '/set/office/rejectOfficeVehicleApply', { id, opinion: '不批', signCode: wrongCode });
    expect(wrong.body.code).toBe(100);
    expect(await state(id)).toBe('applied');
    const ok = await s.post(wangfang, '/set/office/rejectOfficeVehicleApply', { id, opinion: '不批', signCode: code });
    expect(ok.body.code, ok.body.message).toBe(200);
    expect((await logs(id))[0]).toMatchObject({ transition: 'reject', verifyMethod: 'sms' });

    // Used once: the same code does not confirm a second decision.
    const second = await apply();
    const reuse = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: second, signCode: code });
    expect(reuse.body.code).toBe(100);
    expect(await state(second)).toBe('applied');
    // A sign-in code is not a signing code either.
    await s.get(undefined, '/get/system/sendMessage', { phone });
    const loginSms = await db().selectFrom('sys_outbox').selectAll().where('recipient', '=', phone).orderBy('createTime', 'desc').executeTakeFirstOrThrow();
    const loginCode = /(\d{6})/.exec(String(loginSms.body))![1];
    expect((await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: second, signCode: loginCode })).body.code).toBe(100);
  });

  it('refuses signing codes to users who do not sign by SMS, and ignores confirmation for users without settings', async () => {
    expect((await s.post(lina, '/set/system/sendSignCode')).body.code).toBe(100);
    await setSignature({ enabled: 0 });
    const id = await apply();
    const ok = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id });
    expect(ok.body.code, ok.body.message).toBe(200);
    expect((await logs(id))[0]).toMatchObject({ verifyMethod: null });
  });

  it('lets only administrators change signing settings', async () => {
    const refused = await s.post(wangfang, '/set/system/updateSignatureConfig', { id: signatureId, enabled: 0, verifyMethod: 'password' });
    expect(refused.status).toBe(403);
  });
});
