import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { workbook } from '../support/xlsxFiles';
import { demoUsers, deptIds, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/** The HR records: their own lists, the spec's Contract names, the approval flows and the imports. */
const RECORDS: Record<string, string> = {
  CareRecord: 'hr_care_record', TitleEvaluation: 'hr_title_evaluation', Reinstatement: 'hr_reinstatement', LeaveRecord: 'hr_leave_record',
  PersonnelTransfer: 'hr_personnel_transfer', WorkSkills: 'hr_work_skills', Incentive: 'hr_incentive', WorkRecord: 'hr_work_record',
  LearnRecord: 'hr_learn_record', Licence: 'hr_licence',
};

describe.each(databases)('HR records on $name', (database) => {
  let s: TestServer;
  let hr: string; // zhaomin: HR officer (unit scope), decides without a signing code
  let lina: string;
  let chenjing: string;
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, lina, chenjing] = await Promise.all(['zhaomin', 'lina', 'chenjing'].map((a) => s.login(a)));
    users = await demoUsers(s);
    depts = await deptIds(s);
  });
  afterAll(async () => { await s.stop(); });

  it('gives each employee their own records of every kind, and HR all of them', async () => {
    for (const [name, table] of Object.entries(RECORDS)) {
      const stored = await db().selectFrom(table).select('userId').execute();
      expect(stored.length, `${name} demo rows`).toBeGreaterThanOrEqual(2);
      for (const [account, token] of [['lina', lina], ['chenjing', chenjing]] as const) {
        const mine = await s.get(token, `/get/hr/getMy${name}List`, { pageSize: 100 });
        expect(mine.body.code, `${name}: ${mine.body.message}`).toBe(200);
        expect(mine.body.data.total, `${account} ${name}`).toBe(stored.filter((r) => r.userId === users[account].userId).length);
        expect(mine.body.data.list.every((r: any) => r.userId === users[account].userId)).toBe(true);
      }
      expect((await s.get(lina, `/get/hr/get${name}List`)).status).toBe(403);
      expect((await s.get(hr, `/get/hr/get${name}List`, { pageSize: 100 })).body.data.total).toBe(stored.length);
    }
  });

  it('reads a licence by id for its holder and HR, and refuses other staff', async () => {
    const own = await db().selectFrom('hr_licence').select(['licenceId', 'licenceName']).where('userId', '=', users.chenjing.userId).executeTakeFirstOrThrow();
    const byHolder = await s.get(chenjing, '/get/hr/getLicenceById', { id: own.licenceId });
    expect(byHolder.body.data).toMatchObject({ licenceName: own.licenceName, userIdName: '陈静', licenceType: 'professional' });
    expect((await s.get(hr, '/get/hr/getLicenceById', { id: own.licenceId })).body.code).toBe(200);
    expect((await s.get(lina, '/get/hr/getLicenceById', { id: own.licenceId })).status).toBe(403);
  });

  it('answers the spec\'s Contract calls with the contract entity, and a staff member reads her own contract', async () => {
    const all = await s.get(hr, '/get/hr/getContractList', { pageSize: 100 });
    const same = await s.get(hr, '/get/hr/getHrContractList', { pageSize: 100 });
    expect(all.body.data.total).toBe(same.body.data.total);
    const made = await s.post(hr, '/set/hr/insertContract', {
      userId: users.lina.userId, dept: depts['前端开发组'], contractType: 'fixed', startDate: '2026-01-01', endDate: '2028-12-31', amount: 18000,
    });
    expect(made.body.code, made.body.message).toBe(200);
    expect(made.body.data.contractNo).toMatch(/^HT-\d{4}-\d{4}$/);
    expect((await s.get(hr, '/get/hr/getContractById', { id: made.body.data.contractId })).body.data.deptName).toBe('前端开发组');
    // The mobile 劳动合同 tile: the schema, the own list and the record by id, for a staff member.
    expect((await s.get(lina, '/get/system/getEntitySchema', { entity: 'HrContract' })).body.code).toBe(200);
    const mine = await s.get(lina, '/get/hr/getMyContractList');
    expect(mine.body.data.list.map((r: any) => r.contractId)).toContain(made.body.data.contractId);
    expect(mine.body.data.list.every((r: any) => r.userId === users.lina.userId)).toBe(true);
    expect((await s.get(lina, '/get/hr/getContractById', { id: made.body.data.contractId })).body.code).toBe(200);
    expect((await s.get(lina, '/get/hr/getContractList')).status).toBe(403);
    const gone = await s.post(hr, '/set/hr/deleteContractByIds', { ids: [made.body.data.contractId] });
    expect(gone.body.code, gone.body.message).toBe(200);
    expect(await db().selectFrom('hr_contract').select('contractId').where('contractId', '=', made.body.data.contractId).execute()).toEqual([]);
  });

  it('lists the contracts ending within 30 days, soonest first, within the reader\'s reach', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const horizon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const due = (await db().selectFrom('hr_contract').select(['contractId', 'endDate', 'userId']).execute())
      .filter((r) => String(r.endDate) >= today && String(r.endDate) <= horizon);
    expect(due.length).toBeGreaterThanOrEqual(2);
    const forHr = await s.get(hr, '/get/hr/getExpiringContractList');
    expect(forHr.body.data.map((r: any) => r.contractId).sort()).toEqual(due.map((r) => r.contractId).sort());
    expect(forHr.body.data.map((r: any) => r.endDate)).toEqual([...forHr.body.data.map((r: any) => r.endDate)].sort());
    const yanglei = await s.login('yanglei');
    const own = await s.get(yanglei, '/get/hr/getExpiringContractList');
    expect(own.body.data.map((r: any) => r.userId)).toEqual(due.filter((r) => r.userId === users.yanglei.userId).map(() => users.yanglei.userId));
    expect((await s.get(await s.login('auditor'), '/get/hr/getExpiringContractList')).status).toBe(403);
  });

  it('takes a leaving application from the employee to HR\'s decision', async () => {
    const filed = await s.post(lina, '/set/hr/insertLeaveRecord', {
      userId: users.lina.userId, dept: depts['前端开发组'], position: '前端工程师', leaveType: 'resign', applyDate: '2031-05-06', leaveDate: '2031-06-05', reason: '继续深造',
    });
    expect(filed.body.code, filed.body.message).toBe(200);
    expect(filed.body.data.status).toBe('applied');
    // Nobody files for a colleague without HR's reach; dates in the wrong order are refused by name.
    const forOther = await s.post(lina, '/set/hr/insertLeaveRecord', { userId: users.liuyang.userId, dept: depts['后端开发组'], position: 'x', leaveType: 'resign', leaveDate: '2031-06-05', reason: 'x' });
    expect(forOther.body.code).toBe(100);
    const early = await postEn(s, lina, '/set/hr/insertLeaveRecord', { userId: users.lina.userId, dept: depts['前端开发组'], position: 'x', leaveType: 'resign', applyDate: '2031-06-06', leaveDate: '2031-06-05', reason: 'x' });
    expect(early.body).toMatchObject({ code: 100, message: expect.stringContaining('The leaving date cannot be before the application date') });

    const id = filed.body.data.leaveId;
    expect((await s.post(lina, '/set/hr/approveLeaveRecord', { id, rowVersion: filed.body.data.rowVersion, approveRemark: '自批' })).status).toBe(403);
    const bare = await s.post(hr, '/set/hr/rejectLeaveRecord', { id, rowVersion: filed.body.data.rowVersion, approveRemark: '' });
    expect(bare.body).toMatchObject({ code: 100, message: '驳回时必须填写审批意见' });
    const approved = await s.post(hr, '/set/hr/approveLeaveRecord', { id, rowVersion: filed.body.data.rowVersion, approveRemark: '同意，请做好交接' });
    expect(approved.body.code, approved.body.message).toBe(200);
    const row = await db().selectFrom('hr_leave_record').selectAll().where('leaveId', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', approveRemark: '同意，请做好交接' });
    // Decided: the applicant can no longer change it.
    const late = await s.post(lina, '/set/hr/updateLeaveRecord', { id, rowVersion: approved.body.data.rowVersion ?? row.rowVersion, reason: '改主意了' });
    expect(late.body.code).not.toBe(200);
  });

  it('runs the approvals of title evaluation, reinstatement and transfer', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['TitleEvaluation', 'evaluationId', { titleName: '高级工程师', titleLevel: 'viceSenior', applyDate: '2031-03-01' }],
      ['Reinstatement', 'reinstatementId', { position: '前端工程师', leaveType: 'study', absenceStart: '2030-09-01', reinstateDate: '2031-07-01' }],
      ['PersonnelTransfer', 'transferId', { newDept: depts['后端开发组'], newPosition: 'Node.js 工程师', transferType: 'rotation', transferDate: '2031-08-01' }],
    ];
    for (const [name, key, values] of cases) {
      const made = await s.post(hr, `/set/hr/insert${name}`, { userId: users.lina.userId, dept: depts['前端开发组'], ...values });
      expect(made.body.code, `${name}: ${made.body.message}`).toBe(200);
      const rejected = await s.post(hr, `/set/hr/reject${name}`, { id: made.body.data[key], rowVersion: made.body.data.rowVersion, approveRemark: '材料不全' });
      expect(rejected.body.code, `${name}: ${rejected.body.message}`).toBe(200);
      expect((await s.get(lina, `/get/hr/get${name}ById`, { id: made.body.data[key] })).body.data).toMatchObject({ status: 'rejected', approveRemark: '材料不全' });
    }
  });

  it('imports work skills, incentives, work and learning history, licences and contracts from xlsx', async () => {
    const files: [string, string, (string | number)[][], number][] = [
      ['WorkSkills', 'hr_work_skills', [['员工', '所在部门', '技能名称', '技能类别', '掌握程度', '评定日期'], ['lina', '前端开发组', 'TypeScript', '专业技术', '精通', '2026-02-01'], ['刘洋', '后端开发组', 'Go', 'technical', '熟练', '2026-02-02']], 2],
      ['Incentive', 'hr_incentive', [['员工', '所在部门', '奖惩名称', '奖惩性质', '奖惩类型', '奖惩日期', '奖惩事由'], ['lina', '前端开发组', '季度之星', '奖励', '通报表扬', '2026-03-01', '交付及时']], 1],
      ['WorkRecord', 'hr_work_record', [['员工', '所在部门', '工作单位', '职务', '开始日期', '结束日期'], ['chenjing', '财务部', '普华永道', '审计员', '2013-07-01', '2015-08-31']], 1],
      ['LearnRecord', 'hr_learn_record', [['员工', '所在部门', '学校', '学历', '入学日期', '毕业日期'], ['zhoujie', '后端开发组', '同济大学', '本科', '2010-09-01', '2014-06-30']], 1],
      ['Licence', 'hr_licence', [['员工', '所在部门', '证书名称', '证书类型', '发证日期'], ['lina', '前端开发组', '软件设计师', '专业技术资格', '2025-11-20']], 1],
      ['Contract', 'hr_contract', [['签订人', '所在部门', '合同类型', '开始日期', '结束日期'], ['liuyang', '后端开发组', '劳务合同', '2031-01-01', '2031-12-31']], 1],
    ];
    for (const [name, table, rows, inserted] of files) {
      const before = (await db().selectFrom(table).select('userId').execute()).length;
      const res = await s.upload(hr, `/set/hr/import${name}`, { name: `${name}.xlsx`, content: await workbook(rows) });
      expect(res.body.code, `${name}: ${JSON.stringify(res.body.data ?? res.body.message)}`).toBe(200);
      expect(res.body.data.inserted).toBe(inserted);
      expect((await db().selectFrom(table).select('userId').execute()).length).toBe(before + inserted);
    }
    const ts = await db().selectFrom('hr_work_skills').selectAll().where('skillName', '=', 'TypeScript').executeTakeFirstOrThrow();
    expect(ts).toMatchObject({ userId: users.lina.userId, dept: depts['前端开发组'], skillCategory: 'technical', skillLevel: 'expert' });
  });

  it('refuses a whole import with a row-by-row report, and staff imports at all', async () => {
    const before = (await db().selectFrom('hr_licence').select('licenceId').execute()).length;
    const res = await s.upload(hr, '/set/hr/importLicence', { name: 'bad.xlsx', content: await workbook([
      ['员工', '所在部门', '证书名称', '证书类型', '发证日期', '有效期至'],
      ['lina', '前端开发组', '好的一行', '职业资格', '2025-01-01', ''],
      ['nobody', '前端开发组', '查无此人', '职业资格', '2025-01-01', ''],
      ['lina', '前端开发组', '类型不对', '驾驶执照', '2025-01-01', ''],
      ['lina', '前端开发组', '先过期', '职业资格', '2025-01-01', '2024-01-01'],
    ]) });
    expect(res.body.code).toBe(100);
    expect(res.body.data.errors.map((e: any) => [e.row, e.field])).toEqual([[3, 'userId'], [4, 'licenceType'], [5, 'expireDate']]);
    expect(res.body.data.errors[2].message).toContain('有效期不能早于发证日期');
    expect((await db().selectFrom('hr_licence').select('licenceId').execute()).length).toBe(before);
    expect((await s.upload(lina, '/set/hr/importLicence', { name: 'x.xlsx', content: await workbook([['证书名称'], ['x']]) })).status).toBe(403);
  });
});
