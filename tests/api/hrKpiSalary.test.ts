import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { workbook } from '../support/xlsxFiles';
import { insertRow } from '../../server/seed/insertRow';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Payslips (privacy, computed net pay, one per month, imports), benefits imports, the KPI plan →
 * scores cycle (updatePlanEffect, setScoreToUser and the KPI reads) and the approved training and
 * hiring-request lists: server/modules/hr.
 */
describe.each(databases)('HR payslips, benefits, KPI and approvals, on $name', (database) => {
  let s: TestServer;
  let hr: string; // zhangwei: HR officer, unit scope
  let payroll: string; // zhaomin: HR and payroll officer; takes the flow decisions (zhangwei's signing asks for an SMS code)
  let lina: string; // staff, assessed in the demo KPI plan
  let yanglei: string; // the demo plan's scorer, staff otherwise
  let users: Record<string, DemoUser>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, payroll, lina, yanglei] = await Promise.all(['zhangwei', 'zhaomin', 'lina', 'yanglei'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const upload = async (token: string, call: string, rows: (string | number)[][]) => s.upload(token, call, { name: '导入.xlsx', content: await workbook(rows) });
  const slipOf = async (account: string) => db().selectFrom('hr_salary_record').selectAll().where('userId', '=', users[account].userId).orderBy('salaryMonth', 'desc').executeTakeFirstOrThrow();

  it('shows payslips to their owner (own list and by id) and to payroll staff, never to others — list rights included', async () => {
    const mine = await s.get(lina, '/get/hr/getMySalaryRecordList');
    expect(mine.body.code, mine.body.message).toBe(200);
    expect(mine.body.data.list.length).toBe(2);
    expect(new Set(mine.body.data.list.map((r: { userId: string }) => r.userId))).toEqual(new Set([users.lina.userId]));
    const own = await slipOf('lina');
    expect((await s.get(lina, '/get/hr/getSalaryRecordById', { id: own.salaryId })).body.data.netPay).toBe(Number(own.netPay));

    const others = await slipOf('liuyang');
    expect((await s.get(lina, '/get/hr/getSalaryRecordById', { id: others.salaryId })).status).toBe(403);
    expect((await s.get(hr, '/get/hr/getSalaryRecordById', { id: others.salaryId })).body.data.userId).toBe(users.liuyang.userId);
    expect((await s.get(payroll, '/get/hr/getSalaryRecordById', { id: others.salaryId })).body.data.userId).toBe(users.liuyang.userId);
    expect((await s.get(lina, '/get/hr/getSalaryRecordList')).status).toBe(403);

    // A role that may list payslips but not view them (a line manager's overview): the list answers, the slip does not.
    const ctx = s.server.ctx;
    const listButton = await db().selectFrom('sys_menu').select('menuId').where('permission', '=', 'hr:SalaryRecord:list').executeTakeFirstOrThrow();
    const roleId = await insertRow(ctx, ctx.registry.entities.get('Role')!, { roleCode: 'payOverview', roleName: '薪酬总览', dataScope: '4', menuIds: String(listButton.menuId), status: 1 },
      { userId: '', deptId: '', unitId: users.huangqiang.unitId });
    const huang = await db().selectFrom('sys_user').select('roleIds').where('userId', '=', users.huangqiang.userId).executeTakeFirstOrThrow();
    await db().updateTable('sys_user').set({ roleIds: `${String(huang.roleIds)},${roleId}` }).where('userId', '=', users.huangqiang.userId).execute();
    const manager = await s.login('huangqiang');
    const listed = await s.get(manager, '/get/hr/getSalaryRecordList', { pageSize: 100 });
    expect(listed.body.code, listed.body.message).toBe(200);
    expect(listed.body.data.list.length).toBeGreaterThan(2);
    const refused = await s.get(manager, '/get/hr/getSalaryRecordById', { id: others.salaryId });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('工资条只对本人和薪酬管理人员可见');
  });

  it('computes net pay on every write and keeps one payslip per employee and month', async () => {
    const slip = { userId: users.zhoujie.userId, salaryMonth: '2031-01', baseSalary: 9000.1, postAllowance: 800.2, performancePay: 1350, overtimePay: 0, otherAllowance: 300,
      attendanceDeduction: 100, socialInsurance: 945, housingFund: 630, incomeTax: 190, netPay: 99999 };
    const made = await s.post(payroll, '/set/hr/insertSalaryRecord', slip);
    expect(made.body.code, made.body.message).toBe(200);
    expect(made.body.data.netPay).toBe(9585.3);
    const changed = await s.post(payroll, '/set/hr/updateSalaryRecord', { id: made.body.data.salaryId, rowVersion: made.body.data.rowVersion, incomeTax: 290 });
    expect(changed.body.code, changed.body.message).toBe(200);
    expect(changed.body.data.netPay).toBe(9485.3);
    const twice = await s.post(payroll, '/set/hr/insertSalaryRecord', { ...slip, baseSalary: 1 });
    expect(twice.body).toMatchObject({ code: 100, message: '周杰 已有 2031-01 的工资条' });
    const badMonth = await s.post(payroll, '/set/hr/insertSalaryRecord', { ...slip, salaryMonth: '2031-13' });
    expect(badMonth.body.code).toBe(100);
    expect(badMonth.body.message).toContain('YYYY-MM');
    // The list's summary row sums the computed net pay.
    const sum = await s.get(payroll, '/get/hr/getSalaryRecordList', { summary: 1, filters: JSON.stringify([{ field: 'salaryMonth', value: '2031-01' }]) });
    expect(sum.body.code, sum.body.message).toBe(200);
  });

  it('imports payslips and benefits from xlsx, and refuses a file with a bad row, writing nothing', async () => {
    const good = await upload(payroll, '/set/hr/importSalaryRecord', [
      ['员工', '工资月份', '基本工资', '岗位津贴', '个人社保', '住房公积金', '个人所得税'],
      ['lina', '2031-02', 14000, 800, 1470, 980, 690],
      ['刘洋', '2031-02', 15000, 800, 1575, 1050, 790],
    ]);
    expect(good.body.code, JSON.stringify(good.body.data)).toBe(200);
    const imported = await db().selectFrom('hr_salary_record').select(['userId', 'netPay']).where('salaryMonth', '=', '2031-02').orderBy('netPay').execute();
    expect(imported.map((r) => [r.userId, Number(r.netPay)])).toEqual([[users.lina.userId, 11660], [users.liuyang.userId, 12385]]);

    const repeated = await upload(payroll, '/set/hr/importSalaryRecord', [['员工', '工资月份', '基本工资'], ['chenjing', '2031-03', 11000], ['lina', '2031-02', 1]]);
    expect(repeated.body.code).toBe(100);
    expect(repeated.body.message).toBe('李娜 已有 2031-02 的工资条');
    expect(await db().selectFrom('hr_salary_record').select('salaryId').where('salaryMonth', '=', '2031-03').execute()).toEqual([]);

    const welfare = await upload(payroll, '/set/hr/importWelfareRecord', [
      ['员工', '福利类型', '福利内容', '发放日期', '折合金额（元）'],
      ['zhoujie', '节日福利', '春节年货', '2031-01-20', 500],
      ['周杰', 'medical', '入职体检', '2031-01-05', 300],
    ]);
    expect(welfare.body.code, JSON.stringify(welfare.body.data)).toBe(200);
    expect((await s.get(await s.login('zhoujie'), '/get/hr/getMyWelfareRecordList')).body.data.list.map((r: { itemName: string }) => r.itemName))
      .toEqual(expect.arrayContaining(['春节年货', '入职体检']));
    const badWelfare = await upload(payroll, '/set/hr/importWelfareRecord', [['员工', '福利类型', '福利内容', '发放日期', '折合金额（元）'], ['周杰', '节日福利', '', '2031-01-20', -5]]);
    expect(badWelfare.body.code).toBe(100);
    expect((badWelfare.body.data.errors as { field: string }[]).map((e) => e.field)).toEqual(['itemName', 'amount']);
    expect((await upload(lina, '/set/hr/importSalaryRecord', [['员工'], ['lina']])).status).toBe(403);
  });

  it('puts a KPI plan into effect (updatePlanEffect) with a score per employee, and scores through setScoreToUser', async () => {
    const items = (await s.get(hr, '/get/hr/getKpiItemListForSelect')).body.data.list as { value: string; label: string; weight: number }[];
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(['需求按期交付率', '团队协作']));
    const [a, b] = items;
    const plan = { planName: '测试季度考核', period: '2031 Q1', startDate: '2031-01-01', endDate: '2031-03-31', scorer: users.yanglei.userId,
      userIds: [users.lina.userId, users.zhoujie.userId] };
    const wrong = await s.post(hr, '/set/hr/insertKpiPlan', { ...plan, items: JSON.stringify([{ kpiItemId: a.value, weight: 50 }, { kpiItemId: b.value, weight: 30 }]) });
    expect(wrong.body).toMatchObject({ code: 100, message: '考核指标的权重合计应为 100，当前为 80' });
    const empty = await s.post(hr, '/set/hr/insertKpiPlan', { ...plan, planName: '空计划' });
    expect(empty.body.code, empty.body.message).toBe(200);
    const noItems = await s.post(payroll, '/set/hr/updatePlanEffect', { id: empty.body.data.kpiPlanId });
    expect(noItems.body).toMatchObject({ code: 100, message: '生效前至少要有一个考核指标' });
    expect(await db().selectFrom('hr_kpi_score').select('kpiScoreId').where('kpiPlanId', '=', empty.body.data.kpiPlanId).execute()).toEqual([]);

    const made = await s.post(hr, '/set/hr/insertKpiPlan', { ...plan, items: JSON.stringify([{ kpiItemId: a.value, weight: 60 }, { kpiItemId: b.value, weight: 40 }]) });
    expect(made.body.code, made.body.message).toBe(200);
    const planId = made.body.data.kpiPlanId;
    expect((await s.post(lina, '/set/hr/updatePlanEffect', { id: planId })).status).toBe(403);
    const effective = await s.post(payroll, '/set/hr/updatePlanEffect', { id: planId });
    expect(effective.body.code, effective.body.message).toBe(200);
    const scores = await db().selectFrom('hr_kpi_score').selectAll().where('kpiPlanId', '=', planId).execute();
    expect(scores.map((r) => r.userId).sort()).toEqual([users.lina.userId, users.zhoujie.userId].sort());
    expect(scores.every((r) => r.scoreState === 'pending' && r.scorer === users.yanglei.userId)).toBe(true);

    const above = await s.post(yanglei, '/set/hr/setScoreToUser', { kpiPlanId: planId, userId: users.lina.userId, scores: JSON.stringify([{ kpiItemId: a.value, score: 101 }, { kpiItemId: b.value, score: 80 }]) });
    expect(above.body).toMatchObject({ code: 100, message: `「${a.label}」的得分不能超过满分 100` });
    const partial = await s.post(yanglei, '/set/hr/setScoreToUser', { kpiPlanId: planId, userId: users.lina.userId, scores: JSON.stringify([{ kpiItemId: a.value, score: 90 }]) });
    expect(partial.body.code).toBe(100);
    expect((await s.post(lina, '/set/hr/setScoreToUser', { kpiPlanId: planId, userId: users.lina.userId, scores: JSON.stringify([{ kpiItemId: a.value, score: 100 }, { kpiItemId: b.value, score: 100 }]) })).status).toBe(403);
    const scored = await s.post(yanglei, '/set/hr/setScoreToUser', { kpiPlanId: planId, userId: users.lina.userId, comment: '稳定', scores: JSON.stringify([{ kpiItemId: a.value, score: 90 }, { kpiItemId: b.value, score: 75 }]) });
    expect(scored.body.code, scored.body.message).toBe(200);
    expect(scored.body.data).toMatchObject({ totalScore: 84, scoreState: 'scored', comment: '稳定' });
    const stale = await s.post(hr, '/set/hr/setScoreToUser', { kpiScoreId: scored.body.data.kpiScoreId, rowVersion: 0, scores: JSON.stringify([{ kpiItemId: a.value, score: 1 }, { kpiItemId: b.value, score: 1 }]) });
    expect(stale.body.code).toBe(100);

    // The employee's own lists and the reads for a user and for the plan's details.
    const myScores = await s.get(lina, '/get/hr/getMyKpiScoreList');
    expect(myScores.body.data.list.find((r: { kpiPlanId: string }) => r.kpiPlanId === planId).totalScore).toBe(84);
    expect((await s.get(lina, '/get/hr/getMyKpiPlanList')).body.data.list.map((r: { kpiPlanId: string }) => r.kpiPlanId)).toContain(planId);
    const forUser = await s.get(hr, '/get/hr/getKpiPlanListForUser', { userId: users.zhoujie.userId });
    expect(forUser.body.data.list.map((r: { kpiPlanId: string }) => r.kpiPlanId)).toEqual(expect.arrayContaining([planId, empty.body.data.kpiPlanId]));
    expect((await s.get(hr, '/get/hr/getKpiPlanListForUser', { userId: users.chenjing.userId })).body.data.list).toEqual([]);
    const records = await s.get(hr, '/get/hr/getKpiRecordListForUser', { userId: users.lina.userId });
    expect(records.body.data.list.map((r: { kpiPlanId: string }) => r.kpiPlanId)).toContain(planId);
    expect((await s.get(lina, '/get/hr/getKpiRecordListForUser', { userId: users.zhoujie.userId })).body.data.list).toEqual([]);
    const details = await s.get(hr, '/get/hr/getKpiRecordForDetails', { kpiPlanId: planId });
    expect(details.body.data.plan.planName).toBe('测试季度考核');
    expect(details.body.data.scores.map((r: { userIdName: string; totalScore: number | null }) => [r.userIdName, r.totalScore]).sort())
      .toEqual([['周杰', null], ['李娜', 84]].sort());

    // HR scores a sheet on the generic form: the same checks, the total is the server's.
    const sheet = details.body.data.scores.find((r: { userIdName: string }) => r.userIdName === '周杰');
    const filled = (score: number) => sheet.items.map((i: { kpiItemId: string }) => ({ ...i, score: i.kpiItemId === a.value ? score : 50 }));
    const tooHigh = await s.postJson(hr, '/set/hr/updateKpiScore', { kpiScoreId: sheet.kpiScoreId, rowVersion: sheet.rowVersion, items: filled(120) });
    expect(tooHigh.body).toMatchObject({ code: 100, message: `「${a.label}」的得分不能超过满分 100` });
    const edited = await s.postJson(hr, '/set/hr/updateKpiScore', { kpiScoreId: sheet.kpiScoreId, rowVersion: sheet.rowVersion, items: filled(100), totalScore: 1 });
    expect(edited.body.code, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({ totalScore: 80, scoreState: 'scored' });
  });

  it('lists approved training and approved hiring requests, and recruitment plans for a select', async () => {
    const approvedTraining = await s.get(hr, '/get/hr/getApprovedTrainRecordList');
    expect(approvedTraining.body.code, approvedTraining.body.message).toBe(200);
    const storedApproved = await db().selectFrom('hr_train_record').select('trainId').where('status', '=', 'approved').execute();
    expect(approvedTraining.body.data.list.map((r: { trainId: string }) => r.trainId).sort()).toEqual(storedApproved.map((r) => r.trainId).sort());
    // A trainee sees the approved courses she takes part in.
    expect((await s.get(lina, '/get/hr/getApprovedTrainRecordList')).body.data.list.map((r: { trainName: string }) => r.trainName)).toEqual(['新员工入职培训']);

    const plans = await s.get(hr, '/get/hr/getRecruitPlanListForSelect');
    expect(plans.body.data.list.length).toBeGreaterThanOrEqual(2);
    const asked = await s.post(lina, '/set/hr/insertRecruitNeeds', { position: 'UI 设计师', headcount: 1, reason: 'newPost', expectedDate: '2031-05-01', requirements: '熟悉 Figma', recruitPlanId: plans.body.data.list[0].value });
    expect(asked.body.code, asked.body.message).toBe(200);
    const approvedBefore = (await s.get(hr, '/get/hr/getApprovedRecruitNeedsList')).body.data.list.map((r: { needsId: string }) => r.needsId);
    expect(approvedBefore).not.toContain(asked.body.data.needsId);
    const reject = await s.post(payroll, '/set/hr/rejectRecruitNeeds', { id: asked.body.data.needsId, opinion: '' });
    expect(reject.body.code).toBe(100);
    const approve = await s.post(payroll, '/set/hr/approveRecruitNeeds', { id: asked.body.data.needsId, approveRemark: '同意' });
    expect(approve.body.code, approve.body.message).toBe(200);
    const approvedAfter = (await s.get(lina, '/get/hr/getApprovedRecruitNeedsList')).body.data.list.map((r: { needsId: string }) => r.needsId);
    expect(approvedAfter).toEqual([asked.body.data.needsId]);
  });
});
