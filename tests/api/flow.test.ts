import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

describe.each(databases)('the OfficeVehicleApply approval flow on $name', (database) => {
  let s: TestServer;
  let lina: string; // staff: insert/update/delete/my/view/giveBack, data scope own
  let liuyang: string; // staff
  let wangfang: string; // dispatcher + staff, dept 车辆调度组, data scope unit
  let xuming: string; // dispatcher + staff
  let admin: string; // every permission, but not the dispatcher role
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [lina, liuyang, wangfang, xuming, admin] = await Promise.all(['lina', 'liuyang', 'wangfang', 'xuming', 'admin'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const application = (over: Record<string, unknown> = {}) => ({
    title: '拜访客户', vehicleType: 'sedan', destination: '上海市浦东新区', passengers: 2,
    startTime: '2026-03-02 09:00', endTime: '2026-03-02 18:00', driverNeeded: 1, reason: '合同签约', ...over,
  });
  async function apply(token: string, over: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await s.post(token, '/set/office/insertOfficeVehicleApply', application(over));
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  }
  const stored = (id: string) => db().selectFrom('office_vehicle_apply').selectAll().where('applyId', '=', id).executeTakeFirstOrThrow();
  // The transitions taken (the history's first step, the submission, is tested in flowRecordChanges.test.ts).
  const logs = (id: string) => db().selectFrom('sys_flow_log').selectAll().where('recordId', '=', id).where('transition', '<>', '$submit').execute();
  const flowLog = (token: string, id: string) => s.get(token, '/get/system/getFlowLog', { entity: 'OfficeVehicleApply', id });

  it('starts every application in the initial state, whatever status or dispatch fields the applicant sends', async () => {
    const res = await s.post(lina, '/set/office/insertOfficeVehicleApply', application({ status: 'approved', dispatchRemark: '自己批', returnMileage: 5 }));
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'applied', dispatchRemark: null, returnMileage: null, createUser: users.lina.userId, createUserName: '李娜' });
    expect(res.body.data.startTime).toBe('2026-03-02 09:00:00');
    const row = await stored(res.body.data.applyId);
    expect(row).toMatchObject({ status: 'applied', dispatchRemark: null, returnMileage: null });
    expect(await logs(res.body.data.applyId)).toEqual([]);
    // Nor can an update move the state.
    const update = await s.post(lina, '/set/office/updateOfficeVehicleApply', { id: res.body.data.applyId, status: 'returned', destination: '虹桥' });
    expect(update.body.code).toBe(200);
    expect(await stored(res.body.data.applyId)).toMatchObject({ status: 'applied', destination: '虹桥' });
  });

  it('freezes an application once approved: update and delete are refused, only transitions move it', async () => {
    const app = await apply(lina);
    expect((await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: app.applyId })).body.code).toBe(200);
    const update = await s.post(lina, '/set/office/updateOfficeVehicleApply', { id: app.applyId, destination: '改到苏州' });
    expect(update.body.code).toBe(100);
    expect(update.body.message).toBe('该记录已进入审批流程，不能再修改或删除');
    const remove = await s.post(lina, '/set/office/deleteOfficeVehicleApply', { id: app.applyId });
    expect(remove.body.code).toBe(100);
    expect(await stored(app.applyId)).toMatchObject({ status: 'approved', destination: app.destination });
  });

  it('refuses the applicant\'s own approval with 403 (no approve permission) and changes nothing', async () => {
    const app = await apply(lina);
    const res = await s.post(lina, '/set/office/approveOfficeVehicleApply', { id: app.applyId });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    // In words for the user, the permission code in the data for developers (server/http/permissionDenial.ts).
    expect(res.body.message).toBe('没有权限：对用车申请执行“批准”');
    expect(res.body.data).toMatchObject({ permission: 'office:OfficeVehicleApply:approve' });
    expect((await stored(app.applyId)).status).toBe('applied');
    expect(await logs(app.applyId)).toEqual([]);
  });

  it('shows the dispatcher every application of her unit, whoever made it', async () => {
    await apply(lina, { title: '单位内-李娜' });
    await apply(liuyang, { title: '单位内-刘洋' });
    const res = await s.get(wangfang, '/get/office/getOfficeVehicleApplyList', { pageSize: 500 });
    expect(res.body.code).toBe(200);
    const expected = await db().selectFrom('office_vehicle_apply').select('applyId').where('unitId', '=', users.wangfang.unitId).execute();
    expect(res.body.data.total).toBe(expected.length);
    expect(res.body.data.list.map((r: any) => r.applyId).sort()).toEqual(expected.map((r) => r.applyId).sort());
    const creators = new Set(res.body.data.list.map((r: any) => r.createUser));
    for (const account of ['lina', 'liuyang', 'chenjing', 'huangqiang']) expect(creators.has(users[account].userId), account).toBe(true);
    // lina, a staff member, has no manage list at all.
    expect((await s.get(lina, '/get/office/getOfficeVehicleApplyList')).status).toBe(403);
    const mine = await s.get(lina, '/get/office/getMyOfficeVehicleApplyList', { pageSize: 500 });
    expect(mine.body.data.list.every((r: any) => r.createUser === users.lina.userId)).toBe(true);
    expect(mine.body.data.list.map((r: any) => r.title)).toContain('单位内-李娜');
  });

  it('lets the dispatcher approve with a dispatch remark, and logs transition, states, user and opinion', async () => {
    const app = await apply(lina);
    const before = await s.get(wangfang, '/get/office/getOfficeVehicleApplyById', { id: app.applyId });
    expect(before.body.data.$transitions.sort()).toEqual(['approve', 'reject']);
    const res = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', {
      id: app.applyId, opinion: ' 同意，安排车辆 ', dispatchRemark: '司机老张，车牌沪A12345', title: '不许改标题', returnMileage: 99,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ applyId: app.applyId, status: 'approved', dispatchRemark: '司机老张，车牌沪A12345', title: '拜访客户', returnMileage: null });
    expect(await stored(app.applyId)).toMatchObject({ status: 'approved', dispatchRemark: '司机老张，车牌沪A12345', title: '拜访客户', returnMileage: null });
    const log = await flowLog(wangfang, app.applyId);
    expect(log.body.code).toBe(200);
    expect(log.body.data).toEqual([expect.objectContaining({ transition: '$submit', toState: 'applied', userName: '李娜' }), expect.objectContaining({
      transition: 'approve', fromState: 'applied', toState: 'approved', userName: '王芳', userId: users.wangfang.userId, opinion: '同意，安排车辆',
    })]);
    expect(log.body.data[1].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The applicant may read her record's history too; another staff member may not.
    expect((await flowLog(lina, app.applyId)).body.data).toHaveLength(2);
    expect((await flowLog(liuyang, app.applyId)).status).toBe(403);
  });

  it('refuses to approve twice: code 100 (wrong state), nothing logged', async () => {
    const app = await apply(lina);
    expect((await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: app.applyId })).body.code).toBe(200);
    const again = await s.post(xuming, '/set/office/approveOfficeVehicleApply', { id: app.applyId, dispatchRemark: '覆盖' });
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(100);
    expect(again.body.message).toBe('当前状态不允许此操作');
    expect((await stored(app.applyId)).dispatchRemark).toBeNull();
    expect(await logs(app.applyId)).toHaveLength(1);
    const reject = await s.post(xuming, '/set/office/rejectOfficeVehicleApply', { id: app.applyId, opinion: '晚了' });
    expect(reject.body.code).toBe(100);
    expect((await stored(app.applyId)).status).toBe('approved');
  });

  it('requires an opinion to reject (the guard), then rejects with it', async () => {
    const app = await apply(liuyang);
    for (const opinion of [undefined, '', '   ']) {
      const res = await s.post(wangfang, '/set/office/rejectOfficeVehicleApply', { id: app.applyId, opinion });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(100);
      expect(res.body.message).toBe('驳回时必须填写审批意见');
    }
    const en = await postEn(s, wangfang, '/set/office/rejectOfficeVehicleApply', { id: app.applyId });
    expect(en.body.message).toBe('Give an opinion when rejecting');
    expect((await stored(app.applyId)).status).toBe('applied');
    expect(await logs(app.applyId)).toEqual([]);
    const res = await s.post(wangfang, '/set/office/rejectOfficeVehicleApply', { id: app.applyId, opinion: '当天无车' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.status).toBe('rejected');
    expect((await flowLog(wangfang, app.applyId)).body.data.slice(1)).toEqual([expect.objectContaining({ transition: 'reject', fromState: 'applied', toState: 'rejected', opinion: '当天无车', userName: '王芳' })]);
  });

  it('lets the applicant return the vehicle with the mileage (owner transition); the guard wants the mileage', async () => {
    const app = await apply(lina);
    await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: app.applyId });
    const noMileage = await s.post(lina, '/set/office/returnOfficeVehicleApply', { id: app.applyId });
    expect(noMileage.body.code).toBe(100);
    expect(noMileage.body.message).toBe('还车时必须填写还车里程');
    const badMileage = await s.post(lina, '/set/office/returnOfficeVehicleApply', { id: app.applyId, returnMileage: 'far' });
    expect(badMileage.body.code).toBe(100);
    expect((await stored(app.applyId)).status).toBe('approved');
    const res = await s.post(lina, '/set/office/returnOfficeVehicleApply', { id: app.applyId, returnMileage: '128', opinion: '已加满油' });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'returned', returnMileage: 128 });
    expect(await stored(app.applyId)).toMatchObject({ status: 'returned' });
    expect(Number((await stored(app.applyId)).returnMileage)).toBe(128);
    // After the submission step: the decisions.
    const log = (await flowLog(lina, app.applyId)).body.data.slice(1);
    expect(log.map((l: any) => [l.transition, l.fromState, l.toState, l.userName])).toEqual([
      ['approve', 'applied', 'approved', '王芳'],
      ['giveBack', 'approved', 'returned', '李娜'],
    ]);
    expect(log[1].opinion).toBe('已加满油');
  });

  it('refuses another staff member returning someone else\'s vehicle with 403', async () => {
    const app = await apply(lina);
    await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: app.applyId });
    const res = await s.post(liuyang, '/set/office/returnOfficeVehicleApply', { id: app.applyId, returnMileage: 10 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    expect(await stored(app.applyId)).toMatchObject({ status: 'approved', returnMileage: null });
    expect(await logs(app.applyId)).toHaveLength(1);
  });

  it('refuses admin (every permission, but not the dispatcher role) with 403, and nothing changes', async () => {
    const app = await apply(lina);
    const view = await s.get(admin, '/get/office/getOfficeVehicleApplyById', { id: app.applyId });
    expect(view.body.code).toBe(200);
    expect(view.body.data.$transitions).toEqual([]);
    const res = await s.post(admin, '/set/office/approveOfficeVehicleApply', { id: app.applyId, dispatchRemark: '管理员批' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    expect(res.body.message).toBe('您无权执行此流程操作');
    const reject = await s.post(admin, '/set/office/rejectOfficeVehicleApply', { id: app.applyId, opinion: '不行' });
    expect(reject.status).toBe(403);
    expect(await stored(app.applyId)).toMatchObject({ status: 'applied', dispatchRemark: null });
    expect(await logs(app.applyId)).toEqual([]);
  });

  it('lists in $transitions exactly what the caller may take now', async () => {
    const app = await apply(lina);
    const t = async (token: string) => {
      const res = await s.get(token, '/get/office/getOfficeVehicleApplyById', { id: app.applyId });
      expect(res.body.code).toBe(200);
      return [...res.body.data.$transitions].sort();
    };
    expect(await t(lina)).toEqual([]);
    expect(await t(wangfang)).toEqual(['approve', 'reject']);
    await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: app.applyId });
    expect(await t(lina)).toEqual(['giveBack']);
    expect(await t(wangfang)).toEqual(['giveBack']);
    expect(await t(admin)).toEqual([]);
    await s.post(lina, '/set/office/returnOfficeVehicleApply', { id: app.applyId, returnMileage: 3 });
    expect(await t(lina)).toEqual([]);
    expect(await t(wangfang)).toEqual([]);
    // liuyang cannot even read it.
    expect((await s.get(liuyang, '/get/office/getOfficeVehicleApplyById', { id: app.applyId })).status).toBe(403);
  });

  it('answers 404 for a transition on an unknown record and code 100 without an id', async () => {
    const unknown = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: 'no-such-id' });
    expect(unknown.status).toBe(404);
    const missing = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', {});
    expect(missing.body.code).toBe(100);
    expect((await s.get(wangfang, '/set/office/approveOfficeVehicleApply', { id: 'x' })).status).toBe(404);
  });

  it('refuses a dispatcher a record of another unit (403), and an unknown entity\'s flow log (404)', async () => {
    const id = 'vehicle-of-other-unit';
    await db().insertInto('office_vehicle_apply').values({
      applyId: id, title: '外单位', vehicleType: 'sedan', destination: 'x', passengers: 1, startTime: '2026-03-02 09:00:00', endTime: '2026-03-02 10:00:00',
      driverNeeded: 0, status: 'applied', createUser: 'other-user', createDept: 'other-dept', unitId: 'other-unit', createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
    }).execute();
    const res = await s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id });
    expect(res.status).toBe(403);
    expect((await stored(id)).status).toBe('applied');
    expect((await flowLog(wangfang, id)).status).toBe(403);
    expect((await s.get(wangfang, '/get/system/getFlowLog', { entity: 'NoSuchEntity', id })).status).toBe(404);
  });

  it('lets exactly one of a concurrent approve and reject win', async () => {
    for (let round = 0; round < 3; round++) {
      const app = await apply(lina, { title: `并发-${round}` });
      const [approve, reject] = await Promise.all([
        s.post(wangfang, '/set/office/approveOfficeVehicleApply', { id: app.applyId, dispatchRemark: '批' }),
        s.post(xuming, '/set/office/rejectOfficeVehicleApply', { id: app.applyId, opinion: '驳' }),
      ]);
      const codes = [approve.body.code, reject.body.code].sort();
      expect(codes, `${approve.body.message} / ${reject.body.message}`).toEqual([100, 200]);
      const winner = approve.body.code === 200 ? 'approved' : 'rejected';
      const row = await stored(app.applyId);
      expect(row.status).toBe(winner);
      expect(row.dispatchRemark).toBe(winner === 'approved' ? '批' : null);
      const log = await logs(app.applyId);
      expect(log).toHaveLength(1);
      expect(log[0].toState).toBe(winner);
    }
  });
});
