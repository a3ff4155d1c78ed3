import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { readSheet } from '../support/xlsxFiles';
import { demoUsers, deptIds, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/** The HR entities as spec §3 names them; Contract, User and Dic are HrContract, HrUser and HrDic under the spec's names. */
const SPEC_ENTITIES = [
  'Evaluate', 'WelfareRecord', 'SalaryRecord', 'KpiItem', 'KpiPlan', 'TrainRecord', 'RecruitTask', 'RecruitPlan', 'RecruitNeeds',
  'CareRecord', 'TitleEvaluation', 'Reinstatement', 'LeaveRecord', 'PersonnelTransfer', 'WorkSkills', 'Incentive', 'WorkRecord',
  'LearnRecord', 'Licence', 'Contract', 'User', 'Department', 'Dic',
];
/** Spec §7's call names for each entity, written out as the spec writes them (not built by runtime/core/naming). */
const SPEC_CALLS = (name: string): ['get' | 'set', string][] => [
  ['get', `get${name}List`], ['get', `get${name}ById`], ['set', `insert${name}`], ['set', `update${name}`], ['set', `delete${name}`], ['set', `delete${name}ByIds`],
];

/**
 * The HR call table against spec §7 (server/modules/hr/specCallNames.ts): every spec name of the 23
 * HR entities × list, view, insert, update, delete and deleteByIds is a call that answers; the
 * Contract, User and Dic names write; and these aliases, the payslip's privacy and the roster
 * export follow the entity when the online designer publishes a new definition of it
 * (server/design/swapRegistry.ts), instead of serving the definition the server started with.
 */
describe.each(databases)('HR spec call names on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let hr: string; // zhangwei: HR officer
  let payroll: string; // zhaomin: payroll officer
  let lina: string; // staff
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, hr, payroll, lina] = await Promise.all(['admin', 'zhangwei', 'zhaomin', 'lina'].map((a) => s.login(a)));
    users = await demoUsers(s);
    depts = await deptIds(s);
  });
  afterAll(async () => { await s.stop(); });

  it('holds every spec call name of the 23 HR entities, and each answers as a call, not as an unknown one', async () => {
    expect(SPEC_ENTITIES).toHaveLength(23);
    const missing = SPEC_ENTITIES.flatMap((name) => SPEC_CALLS(name)).filter(([method, call]) => !s.server.calls.has(`${method}:hr:${call}`));
    expect(missing).toEqual([]);
    for (const name of SPEC_ENTITIES) {
      const [[, list], [, view], ...writes] = SPEC_CALLS(name);
      const listed = await s.get(admin, `/get/hr/${list}`, { pageSize: 1 });
      expect(listed.body.code, `${list}: ${listed.body.message}`).toBe(200);
      expect(listed.body.data.total, `${list} has demo rows`).toBeGreaterThan(0);
      const byId = await s.get(admin, `/get/hr/${view}`, { id: 'no-such-record' });
      expect([byId.status, byId.body.message], view).toEqual([404, '记录不存在或已被删除']);
      // Without its parameters a write is refused in words: the call is there, and nothing is written.
      for (const [, call] of writes) {
        const refused = await s.post(admin, `/set/hr/${call}`, {});
        expect(refused.body.code, `${call}: ${refused.body.message}`).toBe(100);
      }
    }
  });

  it('inserts, updates and deletes contracts, personnel files and HR dictionary entries under the spec\'s names', async () => {
    const contract = await s.post(hr, '/set/hr/insertContract', {
      userId: users.chenjing.userId, dept: depts['财务部'], contractType: 'fixed', startDate: '2027-01-01', endDate: '2029-12-31', amount: 12000,
    });
    expect(contract.body.code, contract.body.message).toBe(200);
    const contractId = String(contract.body.data.contractId);
    const renewed = await s.post(hr, '/set/hr/updateContract', { id: contractId, rowVersion: contract.body.data.rowVersion, renewFlag: 1, renewRemark: '续签三年' });
    expect(renewed.body.code, renewed.body.message).toBe(200);
    expect(await db().selectFrom('hr_contract').select(['renewFlag', 'renewRemark']).where('contractId', '=', contractId).executeTakeFirstOrThrow())
      .toEqual({ renewFlag: 1, renewRemark: '续签三年' });
    expect((await s.post(lina, '/set/hr/deleteContract', { id: contractId })).status).toBe(403);
    expect((await s.post(hr, '/set/hr/deleteContract', { id: contractId })).body.code).toBe(200);
    expect(await db().selectFrom('hr_contract').select('contractId').where('contractId', '=', contractId).execute()).toEqual([]);

    const account = await s.post(admin, '/set/system/insertUser', { accountId: 'spechire', userName: '钟晓', deptId: depts['财务部'], phone: '13977775678' });
    expect(account.body.code, account.body.message).toBe(200);
    const file = await s.post(hr, '/set/hr/insertUser', {
      jobNo: 'HD0200', userId: account.body.data.userId, userName: '钟晓', sex: '2', idCardNo: '310115199802021238', deptId: depts['财务部'],
      employmentType: 'fullTime', staffStatus: 'probation', hireDate: '2027-03-01',
    });
    expect(file.body.code, file.body.message).toBe(200);
    const hrUserId = String(file.body.data.hrUserId);
    const regular = await s.post(hr, '/set/hr/updateUser', { id: hrUserId, rowVersion: file.body.data.rowVersion, staffStatus: 'regular', regularDate: '2027-06-01', position: '出纳' });
    expect(regular.body.code, regular.body.message).toBe(200);
    expect(await db().selectFrom('hr_user').select(['staffStatus', 'position']).where('hrUserId', '=', hrUserId).executeTakeFirstOrThrow())
      .toEqual({ staffStatus: 'regular', position: '出纳' });
    expect((await s.post(hr, '/set/hr/deleteUser', { id: hrUserId })).body.code).toBe(200);
    expect(await db().selectFrom('hr_user').select('hrUserId').where('hrUserId', '=', hrUserId).execute()).toEqual([]);

    const dictionary = await s.post(hr, '/set/hr/insertDic', { code: 'hrSpecTest', label: '测试字典', sort: 9, status: 1 });
    expect(dictionary.body.code, dictionary.body.message).toBe(200);
    const dicId = String(dictionary.body.data.hrDicId);
    const entry = await s.post(hr, '/set/hr/insertDic', { parentId: dicId, label: '甲', value: 'a', sort: 1, status: 1 });
    expect(entry.body.code, entry.body.message).toBe(200);
    const relabelled = await s.post(hr, '/set/hr/updateDic', { id: entry.body.data.hrDicId, rowVersion: entry.body.data.rowVersion, label: '甲等' });
    expect(relabelled.body.code, relabelled.body.message).toBe(200);
    expect((await s.get(lina, '/get/hr/getDicByCode', { code: 'hrSpecTest' })).body.data).toEqual([expect.objectContaining({ label: '甲等', value: 'a' })]);
    expect((await s.post(hr, '/set/hr/deleteDicByIds', { ids: String(entry.body.data.hrDicId) })).body.code).toBe(200);
    expect((await s.post(hr, '/set/hr/deleteDic', { id: dicId })).body.code).toBe(200);
    expect(await db().selectFrom('hr_dic').select('hrDicId').where('hrDicId', 'in', [dicId, String(entry.body.data.hrDicId)]).execute()).toEqual([]);
  });

  /** Publishes `name` in the online designer with `change` applied to the definition in force (docs/DESIGNER.md). */
  async function publish(name: string, change: (schema: Record<string, any>) => Record<string, any>): Promise<void> {
    const design = (await s.get(admin, '/get/design/getDesignById', { name })).body.data;
    const saved = await s.post(admin, '/set/design/saveDesignDraft', { name, schema: JSON.stringify(change(design.schema)), revision: design.revision });
    expect(saved.body.code, saved.body.message).toBe(200);
    expect(saved.body.data.problems, name).toEqual([]);
    const published = await s.post(admin, '/set/design/publishDesign', { name, comment: '增加字段' });
    expect(published.body.code, `${name}: ${published.body.message} ${JSON.stringify(published.body.data)}`).toBe(200);
  }

  /** `schema` with a text field `field` on the form's first tab (the form is what may be written) and as the list's last column, labelled in both languages. */
  function withField(entity: string, field: string, zh: string, en: string) {
    return (schema: Record<string, any>) => {
      const label = `entity.${entity}.field.${field}`;
      const layout = structuredClone(schema.form.layout) as Record<string, any>[];
      const item = { kind: 'field', id: `added-${field}`, field };
      if (layout[0]?.kind === 'tabs') layout[0].children[0].children.push(item);
      else layout.push(item);
      return {
        ...schema,
        fields: [...schema.fields, { name: field, type: 'string', maxLength: 100, label }],
        form: { ...schema.form, layout },
        list: { ...schema.list, columns: [...schema.list.columns, { prop: field, width: 140 }] },
        messages: { ...schema.messages, 'zh-cn': { ...schema.messages?.['zh-cn'], [label]: zh }, en: { ...schema.messages?.en, [label]: en } },
      };
    };
  }

  it('serves the published definition under the spec\'s names, keeps the payslip private and exports the new roster column', async () => {
    await publish('HrContract', withField('HrContract', 'workPlace', '工作地点', 'Place of work'));
    const made = await s.post(hr, '/set/hr/insertContract', {
      userId: users.liuyang.userId, dept: depts['后端开发组'], contractType: 'fixed', startDate: '2027-02-01', endDate: '2030-01-31', workPlace: '上海张江',
    });
    expect(made.body.code, made.body.message).toBe(200);
    expect(made.body.data.workPlace).toBe('上海张江');
    const listed = await s.get(hr, '/get/hr/getContractList', { pageSize: 500 });
    expect(listed.body.data.list.find((r: { contractId: string }) => r.contractId === made.body.data.contractId)).toMatchObject({ workPlace: '上海张江' });
    expect((await s.get(hr, '/get/hr/getContractById', { id: made.body.data.contractId })).body.data.workPlace).toBe('上海张江');
    const moved = await s.post(hr, '/set/hr/updateContract', { id: made.body.data.contractId, rowVersion: made.body.data.rowVersion, workPlace: '苏州' });
    expect(moved.body.code, moved.body.message).toBe(200);
    expect((await db().selectFrom('hr_contract').select('workPlace').where('contractId', '=', made.body.data.contractId).executeTakeFirstOrThrow()).workPlace).toBe('苏州');

    // 工资条: the owner reads her slip with the published field, others' stay refused; payroll reads any.
    await publish('SalaryRecord', withField('SalaryRecord', 'bankName', '开户银行', 'Bank'));
    const slips = await db().selectFrom('hr_salary_record').select(['salaryId', 'userId', 'rowVersion']).where('userId', 'in', [users.lina.userId, users.liuyang.userId]).execute();
    const own = slips.find((r) => r.userId === users.lina.userId)!;
    const other = slips.find((r) => r.userId === users.liuyang.userId)!;
    const banked = await s.post(payroll, '/set/hr/updateSalaryRecord', { id: own.salaryId, rowVersion: own.rowVersion, bankName: '招商银行张江支行' });
    expect(banked.body.code, banked.body.message).toBe(200);
    expect((await s.get(lina, '/get/hr/getSalaryRecordById', { id: own.salaryId })).body.data).toMatchObject({ userId: users.lina.userId, bankName: '招商银行张江支行' });
    expect((await s.get(lina, '/get/hr/getSalaryRecordById', { id: other.salaryId })).status).toBe(403);
    expect((await s.get(payroll, '/get/hr/getSalaryRecordById', { id: other.salaryId })).body.data).toHaveProperty('bankName');
    // A role that lists payslips without the view right (a line manager's overview) reads the list, not a slip.
    const listButton = await db().selectFrom('sys_menu').select('menuId').where('permission', '=', 'hr:SalaryRecord:list').executeTakeFirstOrThrow();
    const role = await s.post(admin, '/set/system/insertRole', { roleCode: 'payOverviewSpec', roleName: '薪酬总览', dataScope: '4', menuIds: [listButton.menuId], status: 1 });
    expect(role.body.code, role.body.message).toBe(200);
    const huang = await db().selectFrom('sys_user').select('roleIds').where('userId', '=', users.huangqiang.userId).executeTakeFirstOrThrow();
    await db().updateTable('sys_user').set({ roleIds: `${String(huang.roleIds)},${String(role.body.data.roleId)}` }).where('userId', '=', users.huangqiang.userId).execute();
    const manager = await s.login('huangqiang');
    const overview = await s.get(manager, '/get/hr/getSalaryRecordList', { pageSize: 100 });
    expect(overview.body.data.list.find((r: { salaryId: string }) => r.salaryId === own.salaryId)).toMatchObject({ bankName: '招商银行张江支行' });
    const refused = await s.get(manager, '/get/hr/getSalaryRecordById', { id: own.salaryId });
    expect([refused.status, refused.body.message]).toEqual([403, '工资条只对本人和薪酬管理人员可见']);

    // 用户档案导出 (exportUserRecord) writes the published column; the personnel files under the User names read it.
    await publish('HrUser', withField('HrUser', 'workCity', '工作城市', 'City of work'));
    const liuyangFile = await db().selectFrom('hr_user').select(['hrUserId', 'rowVersion']).where('userId', '=', users.liuyang.userId).executeTakeFirstOrThrow();
    const placed = await s.post(hr, '/set/hr/updateUser', { id: liuyangFile.hrUserId, rowVersion: liuyangFile.rowVersion, workCity: '南京' });
    expect(placed.body.code, placed.body.message).toBe(200);
    expect((await s.get(hr, '/get/hr/getUserById', { id: liuyangFile.hrUserId })).body.data.workCity).toBe('南京');
    const exported = await fetch(`${s.baseUrl}/capi/get/hr/exportUserRecord?pageSize=500`, { headers: { Authorization: `Bearer ${hr}` } });
    expect(exported.status).toBe(200);
    const sheet = await readSheet(await exported.arrayBuffer());
    const header = sheet[0];
    expect(header).toContain('工作城市');
    expect(sheet.find((row) => row[header.indexOf('姓名')] === '刘洋')?.[header.indexOf('工作城市')]).toBe('南京');
    expect((await fetch(`${s.baseUrl}/capi/get/hr/exportUserRecord`, { headers: { Authorization: `Bearer ${lina}` } })).status).toBe(403);
  });
});
