import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { pngFile } from '../../server/modules/file/demoFileBytes';
import { demoUsers, deptIds, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * What HR approvals and screens do to the personnel file (server/modules/hr/personnelEffects.ts,
 * kpiScorerList.ts, hrPhoto.ts): an approved 离职, 调动 or 复职 changes HrUser (and a transfer the
 * system user's department) in the approval's transaction, so the HR pickers and the base-info
 * analysis follow; the KPI scorer's own list; the personnel photo written by uploadHrPhoto; the
 * contracts the details screen lists.
 */
describe.each(databases)('HR flows and the personnel file on $name', (database) => {
  let s: TestServer;
  let hr: string; // zhaomin: HR officer (unit scope); decides without a signing code
  let lina: string;
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, lina] = await Promise.all(['zhaomin', 'lina'].map((a) => s.login(a)));
    users = await demoUsers(s);
    depts = await deptIds(s);
  });
  afterAll(async () => { await s.stop(); });

  const fileOf = (account: string) => db().selectFrom('hr_user').selectAll().where('userId', '=', users[account].userId).executeTakeFirstOrThrow();
  /** The employed people HR's pickers offer in a department (getUserListByDeptForSelect), by system user id. */
  const pickable = async (dept: string) => {
    const res = await s.get(hr, '/get/hr/getUserListByDeptForSelect', { deptId: depts[dept] });
    expect(res.body.code, res.body.message).toBe(200);
    return (res.body.data as { userId: string }[]).map((r) => r.userId);
  };
  /** The base-info analysis (roster by education) of one department: its table total and its pie's total. */
  const roster = async (dept: string) => {
    const [table, pie] = await Promise.all(['Table', 'Pie'].map((chart) => s.get(hr, `/get/hr/getBaseInfo${chart}ForAnalysis`, { deptId: depts[dept] })));
    expect(table.body.code, table.body.message).toBe(200);
    const pieTotal = (pie.body.data as { value: number }[]).reduce((sum, slice) => sum + slice.value, 0);
    expect(pieTotal).toBe(table.body.data.total);
    return table.body.data.total as number;
  };
  const approve = (name: string, id: string, rowVersion: unknown) => s.post(hr, `/set/hr/approve${name}`, { id, rowVersion, approveRemark: '同意' });

  it('marks the file 离职 when a leave is approved, and 在职 again when a reinstatement is', async () => {
    const before = await fileOf('lina');
    expect(before.staffStatus).toBe('regular');
    expect(await pickable('前端开发组')).toContain(users.lina.userId);
    const rosterBefore = await roster('前端开发组');

    const filed = await s.post(lina, '/set/hr/insertLeaveRecord', {
      userId: users.lina.userId, dept: depts['前端开发组'], position: '前端工程师', leaveType: 'resign', applyDate: '2031-05-06', leaveDate: '2031-06-05', reason: '继续深造',
    });
    expect(filed.body.code, filed.body.message).toBe(200);
    // Filed, not decided: the file is as it was.
    expect((await fileOf('lina')).staffStatus).toBe('regular');
    const approved = await approve('LeaveRecord', filed.body.data.leaveId, filed.body.data.rowVersion);
    expect(approved.body.code, approved.body.message).toBe(200);

    const left = await fileOf('lina');
    expect(left).toMatchObject({ staffStatus: 'left', leaveDate: '2031-06-05' });
    expect(Number(left.rowVersion)).toBe(Number(before.rowVersion) + 1);
    expect(await pickable('前端开发组')).not.toContain(users.lina.userId);
    expect(await roster('前端开发组')).toBe(rosterBefore - 1);
    const logged = await db().selectFrom('sys_operation_log').select('action').where('entity', '=', 'HrUser').where('recordId', '=', String(left.hrUserId)).execute();
    expect(logged.map((l) => l.action)).toContain('update');
    // An edit of the file opened before the approval would undo it unseen: refused as stale.
    const stale = await s.post(hr, '/set/hr/updateHrUser', { hrUserId: left.hrUserId, rowVersion: before.rowVersion, staffStatus: 'regular' });
    expect(stale.body.code).toBe(100);
    expect((await fileOf('lina')).staffStatus).toBe('left');

    const back = await s.post(hr, '/set/hr/insertReinstatement', {
      userId: users.lina.userId, dept: depts['前端开发组'], position: '前端工程师', leaveType: 'study', absenceStart: '2031-06-05', reinstateDate: '2031-09-01',
    });
    expect(back.body.code, back.body.message).toBe(200);
    const reinstated = await approve('Reinstatement', back.body.data.reinstatementId, back.body.data.rowVersion);
    expect(reinstated.body.code, reinstated.body.message).toBe(200);
    expect(await fileOf('lina')).toMatchObject({ staffStatus: 'regular', leaveDate: null });
    expect(await pickable('前端开发组')).toContain(users.lina.userId);
    expect(await roster('前端开发组')).toBe(rosterBefore);

    // A probationer returning from an absence is still on probation.
    expect((await fileOf('zhoujie')).staffStatus).toBe('probation');
    const probation = await s.post(hr, '/set/hr/insertReinstatement', {
      userId: users.zhoujie.userId, dept: depts['后端开发组'], position: '后端工程师', leaveType: 'sickLeave', absenceStart: '2031-01-05', reinstateDate: '2031-02-01',
    });
    expect((await approve('Reinstatement', probation.body.data.reinstatementId, probation.body.data.rowVersion)).body.code).toBe(200);
    expect((await fileOf('zhoujie')).staffStatus).toBe('probation');
  });

  it('moves the file and the system user to the new department when a transfer is approved, and nothing when it is rejected', async () => {
    const transfer = (values: Record<string, unknown>) => s.post(hr, '/set/hr/insertPersonnelTransfer', {
      userId: users.liuyang.userId, dept: depts['后端开发组'], oldPosition: '后端工程师', transferType: 'rotation', transferDate: '2031-08-01', ...values,
    });
    const rejectedOne = await transfer({ newDept: depts['财务部'], newPosition: '财务系统开发' });
    const rejected = await s.post(hr, '/set/hr/rejectPersonnelTransfer', { id: rejectedOne.body.data.transferId, rowVersion: rejectedOne.body.data.rowVersion, approveRemark: '岗位已满' });
    expect(rejected.body.code, rejected.body.message).toBe(200);
    expect(await fileOf('liuyang')).toMatchObject({ deptId: depts['后端开发组'], position: '后端工程师' });

    const [backendBefore, frontendBefore] = [await roster('后端开发组'), await roster('前端开发组')];
    const liuyang = await s.login('liuyang');
    expect((await s.get(liuyang, '/get/system/getUserInfo')).body.data.deptName).toBe('后端开发组');
    const made = await transfer({ newDept: depts['前端开发组'], newPosition: 'Node.js 全栈工程师' });
    expect(made.body.code, made.body.message).toBe(200);
    const approved = await approve('PersonnelTransfer', made.body.data.transferId, made.body.data.rowVersion);
    expect(approved.body.code, approved.body.message).toBe(200);

    expect(await fileOf('liuyang')).toMatchObject({ deptId: depts['前端开发组'], position: 'Node.js 全栈工程师' });
    const account = await db().selectFrom('sys_user').select('deptId').where('userId', '=', users.liuyang.userId).executeTakeFirstOrThrow();
    expect(account.deptId).toBe(depts['前端开发组']);
    expect(await pickable('前端开发组')).toContain(users.liuyang.userId);
    expect(await pickable('后端开发组')).not.toContain(users.liuyang.userId);
    expect(await roster('后端开发组')).toBe(backendBefore - 1);
    expect(await roster('前端开发组')).toBe(frontendBefore + 1);
    // The person's session speaks from the new department at its next call (the principal cache follows sys_user).
    expect((await s.get(liuyang, '/get/system/getUserInfo')).body.data).toMatchObject({ deptId: depts['前端开发组'], deptName: '前端开发组' });
  });

  it('refuses the approval of someone without a personnel file, and the request stays undecided', async () => {
    await db().deleteFrom('hr_user').where('userId', '=', users.xuming.userId).execute();
    const pending = await db().selectFrom('hr_leave_record').selectAll().where('userId', '=', users.xuming.userId).where('status', '=', 'applied').executeTakeFirstOrThrow();
    const refused = await approve('LeaveRecord', String(pending.leaveId), pending.rowVersion);
    expect(refused.body).toMatchObject({ code: 100, message: '徐明 还没有员工档案：请先在员工档案中建立，再审批' });
    const after = await db().selectFrom('hr_leave_record').selectAll().where('leaveId', '=', pending.leaveId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'applied', rowVersion: pending.rowVersion });
    expect(await db().selectFrom('sys_flow_log').select('logId').where('recordId', '=', String(pending.leaveId)).where('transition', '=', 'approve').execute()).toEqual([]);
  });

  it('lists a scorer the sheets of the plans they score, and only those, with what each item means', async () => {
    const [yanglei, huangqiang] = await Promise.all(['yanglei', 'huangqiang'].map((a) => s.login(a)));
    const all = await s.get(yanglei, '/get/hr/getKpiScoreListForScorer');
    expect(all.body.code, all.body.message).toBe(200);
    const stored = await db().selectFrom('hr_kpi_score as s').innerJoin('hr_kpi_plan as p', 'p.kpiPlanId', 's.kpiPlanId')
      .select('s.kpiScoreId').where('p.scorer', '=', users.yanglei.userId).execute();
    expect(all.body.data.total).toBe(stored.length);
    expect(all.body.data.list.map((r: { kpiScoreId: string }) => r.kpiScoreId).sort()).toEqual(stored.map((r) => r.kpiScoreId).sort());
    expect(all.body.data.list.map((r: { userIdName: string }) => r.userIdName)).toEqual(expect.arrayContaining(['李娜', '刘洋', '周杰']));
    const sheet = all.body.data.list.find((r: { userIdName: string }) => r.userIdName === '刘洋');
    expect(sheet).toMatchObject({ planStatus: 'effective', scoreState: 'pending' });
    expect(sheet.items.map((i: { itemName: string }) => i.itemName)).toEqual(['需求按期交付率', '线上缺陷数', '技术分享与文档', '团队协作']);
    expect(sheet.items[0].standard).toContain('按期交付');

    const pendingOnly = await s.get(yanglei, '/get/hr/getKpiScoreListForScorer', { scoreState: 'pending' });
    expect(pendingOnly.body.data.list.every((r: { scoreState: string }) => r.scoreState === 'pending')).toBe(true);
    expect(pendingOnly.body.data.total).toBeLessThan(all.body.data.total);
    expect((await s.get(yanglei, '/get/hr/getKpiScoreListForScorer', { scoreState: 'done' })).body.code).toBe(100);
    // Not the scorer: nothing, also for the employee assessed and for the scorer of a plan not yet in effect.
    expect((await s.get(lina, '/get/hr/getKpiScoreListForScorer')).body.data).toEqual({ list: [], total: 0 });
    expect((await s.get(huangqiang, '/get/hr/getKpiScoreListForScorer')).body.data).toEqual({ list: [], total: 0 });

    // Scored from the list's answer; HR's list of every sheet reads the server's total.
    const scores = sheet.items.map((i: { kpiItemId: string }, n: number) => ({ kpiItemId: i.kpiItemId, score: [90, 100, 80, 70][n] }));
    const scored = await s.postJson(yanglei, '/set/hr/setScoreToUser', { kpiScoreId: sheet.kpiScoreId, rowVersion: sheet.rowVersion, scores, comment: '稳定' });
    expect(scored.body.code, scored.body.message).toBe(200);
    expect(scored.body.data).toMatchObject({ totalScore: 86, scoreState: 'scored' });
    const forHr = await s.get(hr, '/get/hr/getKpiScoreList', { pageSize: 100 });
    expect(forHr.body.data.list.find((r: { kpiScoreId: string }) => r.kpiScoreId === sheet.kpiScoreId).totalScore).toBe(86);
  });

  it('stores a personnel photo into the file with uploadHrPhoto, for the file\'s readers', async () => {
    const png = pngFile(8, 8, [0, 120, 200], [255, 255, 255]);
    const file = await fileOf('chenjing');
    expect((await s.upload(lina, '/set/file/uploadHrPhoto', { name: '照片.png', content: png }, { hrUserId: String(file.hrUserId) })).status).toBe(403);
    const stale = await s.upload(hr, '/set/file/uploadHrPhoto', { name: '照片.png', content: png }, { hrUserId: String(file.hrUserId), rowVersion: String(Number(file.rowVersion) + 5) });
    expect(stale.body.code).toBe(100);
    expect((await s.upload(hr, '/set/file/uploadHrPhoto', { name: '照片.png', content: png }, { hrUserId: 'no-such-file' })).status).toBe(404);

    const uploaded = await s.upload(hr, '/set/file/uploadHrPhoto', { name: '照片.png', content: png }, { hrUserId: String(file.hrUserId), rowVersion: String(file.rowVersion) });
    expect(uploaded.body.code, uploaded.body.message).toBe(200);
    const attachId = uploaded.body.data.attachId;
    const after = await fileOf('chenjing');
    expect(after.photo).toBe(attachId);
    expect(Number(after.rowVersion)).toBe(Number(file.rowVersion) + 1);
    expect((await s.get(hr, '/get/hr/getHrUserById', { id: file.hrUserId })).body.data.photo).toBe(attachId);
    // The file lends the photo to its readers: its owner (my list) fetches it, a colleague does not.
    const chenjing = await s.login('chenjing');
    expect((await s.get(chenjing, '/get/hr/getMyHrUserList')).body.data.list[0].photo).toBe(attachId);
    const own = await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { Authorization: `Bearer ${chenjing}` } });
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${s.baseUrl}/capi/get/file/getFileDown?attachId=${attachId}`, { headers: { Authorization: `Bearer ${lina}` } })).status).toBe(403);
  });

  it('describes the personnel file\'s contracts for the details screen, to HR and to the employee', async () => {
    for (const token of [hr, lina]) {
      const schema = await s.get(token, '/get/system/getEntitySchema', { entity: 'HrUser' });
      expect(schema.body.code, schema.body.message).toBe(200);
      expect(schema.body.data.entity.details.related).toEqual([expect.objectContaining({ entity: 'HrContract', field: 'userId', value: 'userId' })]);
      expect(schema.body.data.related.HrContract).toMatchObject({ base: 'hr', entity: { name: 'HrContract' } });
    }
    // The block's read: the contract list narrowed to the person, HR's manage list and the employee's own.
    const filterObj = JSON.stringify({ userId: { value: users.lina.userId, operator: 'eq' } });
    const stored = await db().selectFrom('hr_contract').select('contractId').where('userId', '=', users.lina.userId).execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const [token, call] of [[hr, 'getHrContractList'], [lina, 'getMyHrContractList']] as const) {
      const res = await s.get(token, `/get/hr/${call}`, { filterObj, pageSize: 100 });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data.list.map((r: { contractId: string }) => r.contractId).sort()).toEqual(stored.map((r) => r.contractId).sort());
    }
  });
});
