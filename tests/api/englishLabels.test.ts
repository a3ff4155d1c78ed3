import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relabelSeededTexts } from '../../server/seed/relabelSeededTexts';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type Answer, type TestServer } from '../support/testServer';
import { rawCall } from './helpers';

const databases = await databasesUnderTest();

async function firstSheet(body: ArrayBuffer, index = 0): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body);
  const rows: string[][] = [];
  book.worksheets[index].eachRow((row) => { rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))); });
  return rows;
}

/**
 * Seeded dictionary items, role names and desk titles are stored as language-pack keys
 * (`translated` fields): every answer that shows them reads them in the requester's language,
 * and an import takes them in either language. What an administrator typed stays as typed.
 */
describe.each(databases)('seeded labels in the requester\'s language on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let hr: string;
  const db = () => s.server.ctx.database.db;
  const inEnglish = (token: string, call: string, query: Record<string, string> = {}): Promise<Answer> =>
    rawCall(s, token, 'GET', call, { headers: { 'X-Lang': 'en' }, query });

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, hr] = await Promise.all([s.login('admin'), s.login('zhangwei')]);
  });
  afterAll(async () => { await s.stop(); });

  it('stores the seeded dictionaries and roles as keys', async () => {
    const sex = await db().selectFrom('sys_dic').select(['label', 'value']).where('label', 'like', 'dic.sex.%').orderBy('label').execute();
    // Ordered by label: the parent and its first item share sort 1, so sort alone leaves their order to the database.
    expect(sex).toEqual([{ label: 'dic.sex.item.1', value: '1' }, { label: 'dic.sex.item.2', value: '2' }, { label: 'dic.sex.label', value: null }]);
    expect((await db().selectFrom('sys_role').select('roleName').where('roleCode', '=', 'staff').executeTakeFirstOrThrow()).roleName).toBe('role.staff.name');
  });

  it('answers dictionary options in English or Chinese, and an item an administrator typed as typed', async () => {
    const parent = await db().selectFrom('sys_dic').select('dicId').where('code', '=', 'hrContractType').executeTakeFirstOrThrow();
    const added = await s.post(admin, '/set/system/insertDic', { parentId: String(parent.dicId), label: '项目合同: 试点', value: 'pilot', sort: 9, status: 1 });
    expect(added.body.code, added.body.message).toBe(200);
    const english = await inEnglish(hr, '/get/system/getDicByCode', { code: 'hrContractType' });
    expect((english.body.data as { label: string }[]).map((o) => o.label))
      .toEqual(['Fixed-term employment contract', 'Open-ended employment contract', 'Service contract', 'Internship agreement', '项目合同: 试点']);
    const chinese = await s.get(hr, '/get/system/getDicByCode', { code: 'hrContractType' });
    expect((chinese.body.data as { label: string }[]).map((o) => o.label))
      .toEqual(['固定期限劳动合同', '无固定期限劳动合同', '劳务合同', '实习协议', '项目合同: 试点']);
  });

  it('names a user\'s roles in the reader\'s language, in lists, by id and in the role picker', async () => {
    const zhangwei = await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'zhangwei').executeTakeFirstOrThrow();
    const english = await inEnglish(admin, '/get/system/getUserList', { page: '1', pageSize: '5', keyword: 'zhangwei' });
    expect(english.body.data.list[0].roleIdsName).toBe('HR staff,Exam administrator,Knowledge administrator,Staff');
    expect((await s.get(admin, '/get/system/getUserList', { page: 1, pageSize: 5, keyword: 'zhangwei' })).body.data.list[0].roleIdsName).toBe('人事专员,考试管理员,知识库管理员,普通员工');
    const byId = await inEnglish(admin, '/get/system/getUserById', { id: String(zhangwei.userId) });
    expect(byId.body.data.roleIdsName).toBe('HR staff,Exam administrator,Knowledge administrator,Staff');
    // The picker labels in English and finds a role by its English or Chinese name.
    const picker = await inEnglish(admin, '/get/system/getRoleListForSelect', { page: '1', pageSize: '50' });
    expect((picker.body.data.list as { label: string }[]).map((o) => o.label)).toEqual(expect.arrayContaining(['System administrator', 'HR staff', 'Vehicle dispatcher']));
    for (const keyword of ['dispatcher', '调度']) {
      const found = await inEnglish(admin, '/get/system/getRoleListForSelect', { page: '1', pageSize: '50', keyword });
      expect((found.body.data.list as { label: string }[]).map((o) => o.label)).toEqual(['Vehicle dispatcher']);
    }
  });

  it('exports dictionary labels and role names in the requester\'s language', async () => {
    const contracts = await fetch(`${s.baseUrl}/capi/get/hr/exportHrContract?pageSize=500`, { headers: { Authorization: `Bearer ${hr}`, 'X-Lang': 'en' } });
    const sheet = await firstSheet(await contracts.arrayBuffer());
    const type = sheet[0].indexOf('Contract type');
    expect(type).toBeGreaterThanOrEqual(0);
    expect(new Set(sheet.slice(1).map((r) => r[type]))).toEqual(new Set(['Fixed-term employment contract', 'Open-ended employment contract', 'Service contract', 'Internship agreement']));
    const users = await fetch(`${s.baseUrl}/capi/get/system/exportUser?keyword=zhangwei`, { headers: { Authorization: `Bearer ${admin}`, 'X-Lang': 'en' } });
    const userSheet = await firstSheet(await users.arrayBuffer());
    const column = (header: string) => userSheet[1][userSheet[0].indexOf(header)];
    expect([column('Roles'), column('Sex')]).toEqual(['HR staff,Exam administrator,Knowledge administrator,Staff', 'Male']);
    const template = await fetch(`${s.baseUrl}/capi/get/hr/getHrContractImportTemplate`, { headers: { Authorization: `Bearer ${hr}`, 'X-Lang': 'en' } });
    const guide = await firstSheet(await template.arrayBuffer(), 1);
    expect(guide.find((r) => r[0] === 'Contract type')?.[2]).toContain('Internship agreement');
  });

  it('imports a dictionary label in either language', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('import');
    sheet.addRow(['合同编号', '签订人', '合同类型', '开始日期', '结束日期']);
    sheet.addRow(['EN-0001', 'liuyang', 'Internship agreement', '2026-01-01', '2026-06-30']);
    sheet.addRow(['EN-0002', 'liuyang', '劳务合同', '2026-07-01', '2026-12-31']);
    const res = await s.upload(hr, '/set/hr/importHrContract', { name: 'import.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) });
    expect(res.body.code, JSON.stringify(res.body.data)).toBe(200);
    const rows = await db().selectFrom('hr_contract').select(['contractNo', 'contractType']).where('contractNo', 'in', ['EN-0001', 'EN-0002']).orderBy('contractNo').execute();
    expect(rows).toEqual([{ contractNo: 'EN-0001', contractType: 'intern' }, { contractNo: 'EN-0002', contractType: 'service' }]);
  });

  it('imports users whose sex and roles are named in English or Chinese', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('import');
    sheet.addRow(['Account', 'Name', 'Department', 'Sex', 'Mobile', 'Roles']);
    sheet.addRow(['en.one', 'English One', '财务部', 'Female', '13977771001', 'HR staff,Staff']);
    sheet.addRow(['en.two', 'English Two', '财务部', '男', '13977771002', '车辆调度员']);
    const res = await s.upload(admin, '/set/system/importUser', { name: 'users.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) });
    expect(res.body.code, JSON.stringify(res.body.data)).toBe(200);
    const roleId = new Map((await db().selectFrom('sys_role').select(['roleId', 'roleCode']).execute()).map((r) => [String(r.roleCode), String(r.roleId)]));
    const rows = await db().selectFrom('sys_user').select(['accountId', 'sex', 'roleIds']).where('accountId', 'in', ['en.one', 'en.two']).orderBy('accountId').execute();
    expect(rows).toEqual([
      { accountId: 'en.one', sex: '2', roleIds: `${roleId.get('hr')},${roleId.get('staff')}` },
      { accountId: 'en.two', sex: '1', roleIds: roleId.get('dispatcher') },
    ]);
  });

  it('titles the desk\'s widgets and shortcuts in the reader\'s language', async () => {
    const desk = await inEnglish(hr, '/get/system/getMyDesk');
    const titles = (desk.body.data.widgets as { widgetCode: string; title: string }[]).map((w) => w.title);
    expect(titles).toEqual(expect.arrayContaining(['Quick links', 'To do']));
    expect(titles.join('')).not.toMatch(/[\u4e00-\u9fff]/);
    const shortcuts = await inEnglish(hr, '/get/system/getMyShortcuts');
    expect((shortcuts.body.data as { title: string }[]).map((c) => c.title)).toEqual(['Vehicle requests', 'Outings', 'My messages', 'Contracts', 'National Government Service Platform']);
  });

  it('turns the Chinese texts of a database seeded before the keys into the keys, once', async () => {
    await db().updateTable('sys_dic').set({ label: '女' }).where('label', '=', 'dic.sex.item.2').execute();
    await db().updateTable('sys_role').set({ roleName: '普通员工' }).where('roleCode', '=', 'staff').execute();
    await db().deleteFrom('sys_migration').where('migrationId', '=', 'relabel seeded texts as language-pack keys').execute();
    await relabelSeededTexts(s.server.ctx);
    expect(await db().selectFrom('sys_dic').select('dicId').where('label', '=', 'dic.sex.item.2').executeTakeFirst()).toBeDefined();
    expect((await db().selectFrom('sys_role').select('roleName').where('roleCode', '=', 'staff').executeTakeFirstOrThrow()).roleName).toBe('role.staff.name');
    // Done once: a role named so afterwards keeps its text.
    await db().updateTable('sys_role').set({ roleName: '普通员工' }).where('roleCode', '=', 'staff').execute();
    await relabelSeededTexts(s.server.ctx);
    expect((await db().selectFrom('sys_role').select('roleName').where('roleCode', '=', 'staff').executeTakeFirstOrThrow()).roleName).toBe('普通员工');
  });
});
