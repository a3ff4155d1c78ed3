import ExcelJS from 'exceljs';
import { workbook, readSheet } from '../support/xlsxFiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, deptIds, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Import and export of the generic list through real xlsx files: the file reads like the screen
 * (names and labels, not ids and codes) and imports back; an import is all or nothing, with a
 * row-by-row report.
 */
describe.each(databases)('xlsx import and export on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let hr: string;
  let lina: string;
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    [admin, hr, lina] = await Promise.all(['admin', 'zhangwei', 'lina'].map((a) => s.login(a)));
    users = await demoUsers(s);
    depts = await deptIds(s);
  });
  afterAll(async () => { await s.stop(); });

  const importFile = async (token: string, call: string, rows: (string | number)[][]) =>
    s.upload(token, call, { name: '导入.xlsx', content: await workbook(rows) });
  const exportFile = async (token: string, call: string, query: Record<string, string> = {}) =>
    fetch(`${s.baseUrl}/capi${call}?${new URLSearchParams({ pageSize: '500', ...query })}`, { headers: { Authorization: `Bearer ${token}` } });

  it('exports contracts with names and labels, and the same file imports back to the same values', async () => {
    const res = await exportFile(hr, '/get/hr/exportHrContract', { keyword: 'HT-' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const sheet = await readSheet(await res.arrayBuffer());
    const header = sheet[0];
    expect(header).toEqual(expect.arrayContaining(['合同编号', '签订人', '合同类型']));
    const at = (name: string) => header.indexOf(name);
    const stored = await db().selectFrom('hr_contract').selectAll().where('contractNo', 'like', 'HT-%').execute();
    expect(sheet.length - 1).toBe(stored.length);
    const first = sheet.find((r) => r[at('合同编号')] === String(stored[0].contractNo))!;
    const signer = Object.values(users).find((u) => u.userId === stored[0].userId)!;
    expect(first[at('签订人')]).toBe(signer.userName);
    expect(['固定期限劳动合同', '无固定期限劳动合同', '劳务合同', '实习协议']).toContain(first[at('合同类型')]);

    // Give the exported rows new numbers and import them: same signer ids and type codes come back.
    const renamed = sheet.map((row, i) => (i === 0 ? row : row.map((cell, c) => (c === at('合同编号') ? `RT-${cell}` : cell))));
    const imported = await importFile(hr, '/set/hr/importHrContract', renamed);
    expect(imported.body.code, JSON.stringify(imported.body.data)).toBe(200);
    expect(imported.body.data.inserted).toBe(stored.length);
    for (const original of stored) {
      const copy = await db().selectFrom('hr_contract').selectAll().where('contractNo', '=', `RT-${String(original.contractNo)}`).executeTakeFirstOrThrow();
      expect({ userId: copy.userId, contractType: copy.contractType, startDate: copy.startDate, endDate: copy.endDate })
        .toEqual({ userId: original.userId, contractType: original.contractType, startDate: original.startDate, endDate: original.endDate });
    }
  });

  it('imports users with departments, sex and status as people write them', async () => {
    const res = await importFile(admin, '/set/system/importUser', [
      ['账号', '姓名', '所属部门', '性别', '手机号', '电子邮箱', '启用'],
      ['imp.one', '导入一', '财务部', '女', '13977770001', 'imp.one@example.com', '是'],
      ['imp.two', '导入二', depts['行政部'], '1', '13977770002', '', '否'],
    ]);
    expect(res.body.code, JSON.stringify(res.body.data)).toBe(200);
    expect(res.body.data.inserted).toBe(2);
    const rows = await db().selectFrom('sys_user').selectAll().where('accountId', 'in', ['imp.one', 'imp.two']).orderBy('accountId').execute();
    expect(rows.map((r) => ({ accountId: r.accountId, deptId: r.deptId, sex: r.sex, status: Number(r.status) }))).toEqual([
      { accountId: 'imp.one', deptId: depts['财务部'], sex: '2', status: 1 },
      { accountId: 'imp.two', deptId: depts['行政部'], sex: '1', status: 0 },
    ]);
  });

  it('refuses the whole file with a row-by-row report, writing nothing', async () => {
    // Two departments of one name: a name that does not say which is refused, not guessed.
    for (const parent of ['行政部', '财务部']) {
      const made = await s.post(admin, '/set/system/insertDept', { deptName: '综合组', parentId: depts[parent], sort: 9 });
      expect(made.body.code, made.body.message).toBe(200);
    }
    const before = (await db().selectFrom('sys_user').select('userId').execute()).length;
    const linaPhone = String((await db().selectFrom('sys_user').select('phone').where('accountId', '=', 'lina').executeTakeFirstOrThrow()).phone);
    const res = await importFile(admin, '/set/system/importUser', [
      ['账号', '姓名', '所属部门', '性别', '手机号'],
      ['ok.row', '正常行', '财务部', '男', '13977770010'],
      ['dup.db', '号码已占用', '财务部', '男', linaPhone],
      ['twin.a', '同号甲', '财务部', '男', '13977770011'],
      ['twin.b', '同号乙', '财务部', '男', '13977770011'],
      ['ambiguous', '同名部门', '综合组', '男', '13977770012'],
      ['nodept', '无此部门', '不存在的部门', '男', '13977770013'],
      ['badsex', '性别错', '财务部', '未知', '13977770014'],
    ]);
    expect(res.body.code).toBe(100);
    expect(res.body.message).toBe('导入失败：共 5 处错误，未写入任何数据');
    const errors = res.body.data.errors as { row: number; field: string; message: string }[];
    expect(errors.map((e) => [e.row, e.field])).toEqual([[3, 'phone'], [5, 'phone'], [6, 'deptId'], [7, 'deptId'], [8, 'sex']]);
    expect(errors[2].message).toBe('所属部门：“综合组”对应多条记录，请改填编号或账号');
    expect(errors[3].message).toBe('所属部门：所选的记录不存在');
    expect((await db().selectFrom('sys_user').select('userId').execute()).length).toBe(before);
  });

  it('picks a contract\'s signer by account as well as by name', async () => {
    const res = await importFile(hr, '/set/hr/importHrContract', [
      ['合同编号', '签订人', '合同类型', '开始日期', '结束日期'],
      ['ACC-0001', 'liuyang', '劳务合同', '2026-01-01', '2026-06-30'],
      ['ACC-0002', '刘洋', 'service', '2026-07-01', '2026-12-31'],
    ]);
    expect(res.body.code, JSON.stringify(res.body.data)).toBe(200);
    const rows = await db().selectFrom('hr_contract').select(['userId', 'contractType']).where('contractNo', 'in', ['ACC-0001', 'ACC-0002']).execute();
    expect(rows).toEqual([{ userId: users.liuyang.userId, contractType: 'service' }, { userId: users.liuyang.userId, contractType: 'service' }]);
  });

  it('offers a template of the columns an import reads, with how to fill each, to those who may import', async () => {
    const res = await exportFile(hr, '/get/hr/getHrContractImportTemplate');
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('劳动合同-导入模板.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 4)).toEqual(['合同编号', '签订人', '所在部门', '合同类型']);
    expect(header).not.toContain('合同附件');
    const guide: Record<string, string[]> = {};
    book.worksheets[1].eachRow((row, n) => { if (n > 1) guide[String(row.getCell(1).value)] = [String(row.getCell(2).value), String(row.getCell(3).value)]; });
    expect(guide['签订人']).toEqual(['是', '填写账号或姓名（重名时请填账号）']);
    expect(guide['合同类型'][1]).toBe('可选：固定期限劳动合同、无固定期限劳动合同、劳务合同、实习协议');
    expect(guide['是否续签'][1]).toBe('填写“是”或“否”');
    // The template's own header row imports (as an empty file: no rows, nothing written).
    expect((await importFile(hr, '/set/hr/importHrContract', [header])).body).toMatchObject({ code: 200, data: { inserted: 0 } });
    expect((await exportFile(lina, '/get/hr/getHrContractImportTemplate')).status).toBe(403);
  });

  it('answers bad files with a clear code 100 and refuses users without the permission', async () => {
    const notSheet = await s.upload(admin, '/set/system/importUser', { name: 'x.xlsx', content: 'not a spreadsheet' });
    expect(notSheet.body).toMatchObject({ code: 100, message: expect.any(String) });
    const unknownColumns = await importFile(admin, '/set/system/importUser', [['甲', '乙'], ['1', '2']]);
    expect(unknownColumns.body.code).toBe(100);
    const noFile = await s.post(admin, '/set/system/importUser', {});
    expect(noFile.body.code).toBe(100);
    expect((await importFile(lina, '/set/hr/importHrContract', [['合同编号'], ['X-1']])).status).toBe(403);
    expect((await exportFile(lina, '/get/hr/exportHrContract')).status).toBe(403);
  });
});
