import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Issue 12.5 and 12.8: a request in a flow is its applicant's to change; an approver who also
 * holds the update permission cannot rewrite or delete it; the superuser's correction is written
 * to the history and told to the applicant; every history starts with the submission.
 */
describe.each(databases)('who may change a request in a flow, on $name', (database) => {
  let s: TestServer;
  let users: Record<string, DemoUser>;
  let lina: string;
  let dispatcher: string;
  let admin: string;
  const db = () => s.server.ctx.database.db;
  const history = async (token: string, id: string) => (await s.get(token, '/get/system/getFlowLog', { entity: 'OfficeVehicleApply', id })).body.data as { transition: string; fromState: string; toState: string; userName: string; opinion: string | null }[];
  const apply = async (reason: string) => {
    const res = await s.post(lina, '/set/office/insertOfficeVehicleApply', {
      title: reason, vehicleType: 'sedan', destination: '上海虹桥站', passengers: 2, driverNeeded: 0,
      startTime: '2026-12-01 09:00:00', endTime: '2026-12-01 12:00:00', reason,
    });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data as { applyId: string; rowVersion: number };
  };

  beforeAll(async () => {
    s = await startTestServer(database);
    users = await demoUsers(s);
    [lina, dispatcher, admin] = await Promise.all([s.login('lina'), s.login('wangfang'), s.login('admin')]);
  });
  afterAll(async () => { await s.stop(); });

  it('starts the history with the submission', async () => {
    const { applyId } = await apply('送样品到客户');
    const steps = await history(lina, applyId);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ transition: '$submit', fromState: '', toState: 'applied', userName: '李娜' });
  });

  it('refuses the dispatcher who edits or deletes the applicant\'s pending request, and nothing changes', async () => {
    const { applyId } = await apply('拜访供应商');
    const edit = await s.post(dispatcher, '/set/office/updateOfficeVehicleApply', { id: applyId, passengers: 6 });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe('流程中的申请只能由申请人修改或删除；审批人请通过审批操作处理');
    const removed = await s.post(dispatcher, '/set/office/deleteOfficeVehicleApply', { id: applyId });
    expect(removed.status).toBe(403);
    const batch = await s.post(dispatcher, '/set/office/deleteOfficeVehicleApplyByIds', { ids: [applyId] });
    expect(batch.status).toBe(403);
    const row = await db().selectFrom('office_vehicle_apply').select(['passengers']).where('applyId', '=', applyId).executeTakeFirst();
    expect(Number(row?.passengers)).toBe(2);
    // The applicant still may; the dispatcher still decides through the transition.
    expect((await s.post(lina, '/set/office/updateOfficeVehicleApply', { id: applyId, passengers: 3 })).body.code).toBe(200);
    expect((await s.post(dispatcher, '/set/office/approveOfficeVehicleApply', { id: applyId, opinion: '同意' })).body.code).toBe(200);
    expect((await history(lina, applyId)).map((h) => h.transition)).toEqual(['$submit', 'approve']);
  });

  it('writes the superuser\'s correction to the history and tells the applicant', async () => {
    const { applyId } = await apply('参加培训');
    const fix = await s.post(admin, '/set/office/updateOfficeVehicleApply', { id: applyId, destination: '上海浦东国际机场' });
    expect(fix.body.code, fix.body.message).toBe(200);
    const steps = await history(lina, applyId);
    expect(steps.map((h) => h.transition)).toEqual(['$submit', '$adminUpdate']);
    expect(steps[1]).toMatchObject({ fromState: 'applied', toState: 'applied', userName: '系统管理员' });
    const told = await db().selectFrom('sys_message').select(['title', 'link']).where('receiverId', '=', users.lina.userId)
      .where('msgType', '=', 'flow').orderBy('createTime', 'desc').execute();
    expect(told.some((m) => String(m.title).includes('参加培训') && String(m.link ?? '').includes(applyId))).toBe(true);
    // A correction by the applicant is not an administrative change.
    expect((await s.post(lina, '/set/office/updateOfficeVehicleApply', { id: applyId, passengers: 1 })).body.code).toBe(200);
    expect((await history(lina, applyId)).map((h) => h.transition)).toEqual(['$submit', '$adminUpdate']);
    const gone = await s.post(admin, '/set/office/deleteOfficeVehicleApply', { id: applyId });
    expect(gone.body.code, gone.body.message).toBe(200);
    const logged = await db().selectFrom('sys_flow_log').select('transition').where('recordId', '=', applyId).execute();
    expect(logged.map((l) => l.transition)).toContain('$adminDelete');
  });

  it('gives the seeded requests a history, the rejected one with its reason', async () => {
    const rejected = await db().selectFrom('office_vehicle_apply').select('applyId').where('status', '=', 'rejected').executeTakeFirstOrThrow();
    const steps = await history(admin, String(rejected.applyId));
    expect(steps.map((h) => h.transition)).toEqual(['$submit', 'reject']);
    expect(steps[1].opinion).toBeTruthy();
  });
});
