import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { readSheet, workbook } from '../support/xlsxFiles';
import { demoUsers, deptIds, rawCall, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * HR personnel files (HrUser, served under the spec's User names), HR's department tree and HR's
 * own dictionary (HrDic, served as Dic, drag-sorted by dropHrDic): server/modules/hr.
 */
describe.each(databases)('HR personnel files, departments and dictionary, on $name', (database) => {
  let s: TestServer;
  let hr: string; // zhangwei, HR officer (unit scope)
  let lina: string; // staff, front-end group
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;

  beforeAll(async () => {
    s = await startTestServer(database);
    [hr, lina] = await Promise.all(['zhangwei', 'lina'].map((a) => s.login(a)));
    users = await demoUsers(s);
    depts = await deptIds(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const upload = async (token: string, call: string, rows: (string | number)[][]) => s.upload(token, call, { name: '导入.xlsx', content: await workbook(rows) });

  it('serves the personnel files under the spec\'s User calls to HR, and only her own file to an employee', async () => {
    const list = await s.get(hr, '/get/hr/getUserList', { pageSize: 100 });
    expect(list.body.code, list.body.message).toBe(200);
    const stored = await db().selectFrom('hr_user').select(['hrUserId', 'userId', 'jobNo']).execute();
    expect(list.body.data.total).toBe(stored.length);
    expect(stored.length).toBeGreaterThanOrEqual(11);
    const linaFile = list.body.data.list.find((r: { userId: string }) => r.userId === users.lina.userId);
    expect(linaFile).toMatchObject({ userName: '李娜', deptId: depts['前端开发组'], deptIdName: '前端开发组', staffStatus: 'regular' });

    expect((await s.get(lina, '/get/hr/getUserList')).status).toBe(403);
    const mine = await s.get(lina, '/get/hr/getMyHrUserList');
    expect(mine.body.data.list.map((r: { userId: string }) => r.userId)).toEqual([users.lina.userId]);
    // By id under both names; someone else's file is outside her scope.
    expect((await s.get(lina, '/get/hr/getUserById', { id: linaFile.hrUserId })).body.data.jobNo).toBe(linaFile.jobNo);
    const other = stored.find((r) => r.userId === users.liuyang.userId)!;
    expect((await s.get(lina, '/get/hr/getHrUserById', { id: other.hrUserId })).status).toBe(403);

    const byAccount = await s.get(hr, '/get/hr/getUserByAccountId', { accountId: 'liuyang' });
    expect(byAccount.body.data).toMatchObject({ hrUserId: other.hrUserId, userName: '刘洋' });
    expect((await s.get(lina, '/get/hr/getUserByAccountId', { accountId: 'lina' })).body.data.hrUserId).toBe(linaFile.hrUserId);
    expect((await s.get(lina, '/get/hr/getUserByAccountId', { accountId: 'liuyang' })).status).toBe(404);
    const missing = await s.get(hr, '/get/hr/getUserByAccountId', {});
    expect(missing.body).toMatchObject({ code: 100, message: '缺少参数：accountId' });
  });

  it('lists files by department (with the departments below on request), by user ids and for a select', async () => {
    const tech = depts['技术研发部'];
    const expected = async (ids: string[]) => (await db().selectFrom('hr_user').select('userId').where('deptId', 'in', ids).execute()).map((r) => r.userId).sort();
    const only = await s.get(hr, '/get/hr/getUserListByDept', { deptId: tech });
    expect(only.body.data.list.map((r: { userId: string }) => r.userId).sort()).toEqual(await expected([tech]));
    const below = await s.get(hr, '/get/hr/getUserListByDept', { deptId: tech, children: 1, pageSize: 100 });
    const subtree = [tech, depts['前端开发组'], depts['后端开发组']];
    expect(below.body.data.list.map((r: { userId: string }) => r.userId).sort()).toEqual(await expected(subtree));
    expect(below.body.data.list.length).toBeGreaterThan(only.body.data.list.length);

    const byIds = await s.get(hr, '/get/hr/getUserListByIds', { userIds: `${users.lina.userId},${users.chenjing.userId}` });
    expect(byIds.body.data.list.map((r: { userName: string }) => r.userName).sort()).toEqual(['李娜', '陈静'].sort());

    const select = await s.get(hr, '/get/hr/getUserListByDeptForSelect', { deptId: depts['后端开发组'] });
    expect(select.body.data.map((o: { label: string }) => o.label).sort()).toEqual(['刘洋', '周杰'].sort());
    expect(select.body.data[0]).toEqual(expect.objectContaining({ value: expect.any(String), jobNo: expect.stringMatching(/^HD/) }));
    expect((await s.get(lina, '/get/hr/getUserListByDept', { deptId: tech })).body.data.list.map((r: { userId: string }) => r.userId)).toEqual([]);
  });

  it('exports the roster (exportUserRecord) with names and labels', async () => {
    const res = await fetch(`${s.baseUrl}/capi/get/hr/exportUserRecord?pageSize=500`, { headers: { Authorization: `Bearer ${hr}` } });
    expect(res.status).toBe(200);
    const sheet = await readSheet(await res.arrayBuffer());
    const header = sheet[0];
    expect(header).toEqual(expect.arrayContaining(['工号', '姓名', '所属部门', '学历', '人员状态']));
    const row = sheet.find((r) => r[header.indexOf('姓名')] === '刘洋')!;
    expect(row[header.indexOf('所属部门')]).toBe('后端开发组');
    expect(row[header.indexOf('学历')]).toBe('硕士研究生');
    expect(row[header.indexOf('人员状态')]).toBe('在职');
  });

  it('imports personnel files (importUser) and refuses a file with bad rows, writing nothing', async () => {
    const account = await s.post(await s.login('admin'), '/set/system/insertUser', { accountId: 'newhire', userName: '孙悦', deptId: depts['财务部'], phone: '13977771234' });
    expect(account.body.code, account.body.message).toBe(200);
    const good = await upload(hr, '/set/hr/importUser', [
      ['工号', '系统账号', '姓名', '性别', '身份证号', '所属部门', '用工形式', '人员状态', '入职日期', '学历'],
      ['HD0100', 'newhire', '孙悦', '女', '31011519990101123X', '财务部', '全职', '试用', '2026-11-02', '大学本科'],
    ]);
    expect(good.body.code, JSON.stringify(good.body.data)).toBe(200);
    expect(good.body.data.inserted).toBe(1);
    const row = await db().selectFrom('hr_user').selectAll().where('jobNo', '=', 'HD0100').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: account.body.data.userId, deptId: depts['财务部'], sex: '2', staffStatus: 'probation', education: 'bachelor' });

    const before = (await db().selectFrom('hr_user').select('hrUserId').execute()).length;
    const bad = await upload(hr, '/set/hr/importUser', [
      ['工号', '系统账号', '姓名', '性别', '身份证号', '所属部门', '用工形式', '人员状态', '入职日期'],
      ['HD0101', 'admin', '管理员', '男', '12345', '财务部', '全职', '在职', '2026-11-02'],
      ['HD0100', 'secadmin', '重号', '男', '', '财务部', '全职', '在职', '2026-11-02'],
    ]);
    expect(bad.body.code).toBe(100);
    const fields = (bad.body.data.errors as { row: number; field: string }[]).map((e) => [e.row, e.field]);
    expect(fields).toEqual(expect.arrayContaining([[2, 'idCardNo'], [3, 'jobNo']]));
    expect((await db().selectFrom('hr_user').select('hrUserId').execute()).length).toBe(before);
    expect((await upload(lina, '/set/hr/importUser', [['工号'], ['X']])).status).toBe(403);
  });

  it('keeps HR\'s department tree linked to the system departments, with the tree, select and import calls', async () => {
    const tree = await s.get(lina, '/get/hr/getDepartmentTree');
    expect(tree.body.code, tree.body.message).toBe(200);
    const root = tree.body.data[0];
    expect(root.label).toBe('华东智联科技集团');
    expect(root.children.map((c: { label: string }) => c.label)).toEqual(expect.arrayContaining(['人力资源部', '技术研发部']));

    const linked = await s.get(hr, '/get/hr/getDepartmentListByDeptIds', { deptIds: `${depts['财务部']},${depts['行政部']}` });
    expect(linked.body.data.map((d: { deptName: string }) => d.deptName).sort()).toEqual(['行政部', '财务部'].sort());
    const finance = linked.body.data.find((d: { deptName: string }) => d.deptName === '财务部');
    expect(finance.leaderName).toBe('陈静');
    const one = await s.get(lina, '/get/hr/getDepartmentByIdForSelect', { departmentId: finance.departmentId });
    expect(one.body.data).toMatchObject({ label: '财务部', value: finance.departmentId, deptCode: finance.deptCode });
    expect((await s.get(hr, '/get/hr/getDepartmentListForSelect', { keyword: '开发' })).body.data.list.map((d: { label: string }) => d.label).sort())
      .toEqual(['前端开发组', '后端开发组'].sort());

    const imported = await upload(hr, '/set/hr/importDepartment', [
      ['部门编码', '部门名称', '上级部门', '部门类型', '编制人数', '状态'],
      ['D900', '数据中心', '技术研发部', '研发部门', 6, '正常'],
    ]);
    expect(imported.body.code, JSON.stringify(imported.body.data)).toBe(200);
    const made = await db().selectFrom('hr_department').selectAll().where('deptCode', '=', 'D900').executeTakeFirstOrThrow();
    const tech = await db().selectFrom('hr_department').select('departmentId').where('deptName', '=', '技术研发部').executeTakeFirstOrThrow();
    expect(made).toMatchObject({ parentId: tech.departmentId, deptType: 'rnd', headcount: 6 });
    const refused = await upload(hr, '/set/hr/importDepartment', [['部门编码', '部门名称'], ['D 901!', '坏编码']]);
    expect(refused.body.code).toBe(100);
    expect(refused.body.data.errors[0]).toMatchObject({ row: 2, field: 'deptCode' });
  });

  it('serves HR\'s dictionary by code, parent list and tree, in the reader\'s language, and drag-sorts it (dropHrDic)', async () => {
    const chinese = await s.get(lina, '/get/hr/getDicByCode', { code: 'hrLeaveReason' });
    expect(chinese.body.data.map((i: { label: string }) => i.label)).toEqual(['个人原因', '薪资待遇', '职业发展', '家庭原因']);
    const english = await rawCall(s, lina, 'GET', '/get/hr/getDicByCode', { headers: { 'X-Lang': 'en' }, query: { code: 'hrLeaveReason' } });
    expect(english.body.data.map((i: { value: string; label: string }) => i.label)).toEqual(['Personal', 'Pay', 'Career', 'Family']);
    const unknown = await s.get(lina, '/get/hr/getDicByCode', { code: 'noSuchCode' });
    expect(unknown.body).toMatchObject({ code: 100, message: '人事字典中没有编码「noSuchCode」' });

    const parents = await s.get(lina, '/get/hr/getDicParentList');
    expect(parents.body.data.map((p: { value: string }) => p.value)).toEqual(['hrInterviewResult', 'hrLeaveReason']);
    expect(parents.body.data[0].label).toBe('面试结果');

    const top = await s.post(hr, '/set/hr/insertDic', { label: '招聘渠道', code: 'hrChannel', sort: 5 });
    expect(top.body.code, top.body.message).toBe(200);
    const ids: string[] = [];
    for (const [i, [label, value]] of [['校园招聘', 'campus'], ['猎头', 'hunter'], ['内推', 'referral']].entries()) {
      const item = await s.post(hr, '/set/hr/insertDic', { parentId: top.body.data.hrDicId, label, value, sort: i });
      expect(item.body.code, item.body.message).toBe(200);
      ids.push(item.body.data.hrDicId);
    }
    expect((await s.post(hr, '/set/hr/insertDic', { parentId: top.body.data.hrDicId, label: '无值' })).body.code).toBe(100);
    const moved = await s.post(hr, '/set/hr/dropHrDic', { id: ids[2], targetId: ids[0], position: 'before' });
    expect(moved.body.code, moved.body.message).toBe(200);
    expect((await s.get(hr, '/get/hr/getDicByCode', { code: 'hrChannel' })).body.data.map((i: { value: string }) => i.value)).toEqual(['referral', 'campus', 'hunter']);
    expect((await s.post(lina, '/set/hr/dropHrDic', { id: ids[0], targetId: ids[1], position: 'after' })).status).toBe(403);

    const tree = await s.get(hr, '/get/hr/getDicTree');
    const channel = tree.body.data.find((n: { code: string }) => n.code === 'hrChannel');
    expect(channel.children.map((c: { hrDicId: string }) => c.hrDicId)).toEqual([ids[2], ids[0], ids[1]]);
    const list = await s.get(hr, '/get/hr/getDicList', { keyword: '猎头' });
    expect(list.body.data.list.map((r: { hrDicId: string }) => r.hrDicId)).toEqual([ids[1]]);
    expect((await s.post(lina, '/set/hr/insertDic', { label: 'x', code: 'x1' })).status).toBe(403);
  });
});
