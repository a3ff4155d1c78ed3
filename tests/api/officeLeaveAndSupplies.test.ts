import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { readSheet, workbook } from '../support/xlsxFiles';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * 请假 and 加班 (schemas/office/OfficeLeave.json, OfficeOvertime.json): a staff member applies,
 * the office administration approves or rejects with a reason, the history says so, and the
 * export reads like the screen; 办公用品 imports from a workbook, all or nothing.
 */
describe.each(databases)('leave, overtime and office supplies on $name', (database) => {
  let s: TestServer;
  let lina: string; // staff
  let liuyang: string; // staff
  let huangqiang: string; // officeAdmin
  let users: Record<string, DemoUser>;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => {
    s = await startTestServer(database);
    [lina, liuyang, huangqiang] = await Promise.all(['lina', 'liuyang', 'huangqiang'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s?.stop(); });

  const requests = {
    Leave: { leaveType: 'annual', startTime: '2026-12-07 09:00:00', endTime: '2026-12-08 18:00:00', days: 2, reason: '回老家探亲（接口测试）' },
    Overtime: { compensation: 'timeOff', startTime: '2026-12-05 09:00:00', endTime: '2026-12-05 17:00:00', hours: 8, reason: '上线前的回归测试（接口测试）' },
  } as const;

  it.each(['Leave', 'Overtime'] as const)('Office%s: applied by staff, approved only by the office administration, rejected only with a reason', async (kind) => {
    const entity = `Office${kind}`;
    const apply = async () => {
      const res = await s.postJson(lina, `/set/office/insert${entity}`, { ...requests[kind], applicant: users.lina.userId, dept: users.lina.deptId, status: 'approved' });
      expect(res.body.code, res.body.message).toBe(200);
      expect(res.body.data.status, 'a request starts applied whatever status is sent').toBe('applied');
      return String(res.body.data[kind === 'Leave' ? 'leaveId' : 'overtimeId']);
    };
    const first = await apply();
    for (const token of [lina, liuyang]) {
      expect((await s.post(token, `/set/office/approve${entity}`, { id: first })).status).toBe(403);
    }
    // The approval's one box is its remark (the transition's opinionField): it is the history's opinion too.
    const approved = await s.post(huangqiang, `/set/office/approve${entity}`, { id: first, approveRemark: '同意' });
    expect(approved.body.code, approved.body.message).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', approveRemark: '同意' });
    // Approved, the request is frozen for its applicant.
    const edit = await s.postJson(lina, `/set/office/update${entity}`, { [kind === 'Leave' ? 'leaveId' : 'overtimeId']: first, reason: '改一下' });
    expect(edit.body.code).not.toBe(200);

    const log = await s.get(lina, '/get/system/getFlowLog', { entity, id: first });
    expect(log.body.code, log.body.message).toBe(200);
    expect(log.body.data).toEqual([
      expect.objectContaining({ transition: '$submit', toState: 'applied', userName: '李娜' }),
      expect.objectContaining({ transition: 'approve', fromState: 'applied', toState: 'approved', userName: '黄强', opinion: '同意' }),
    ]);

    const second = await apply();
    const bare = await s.post(huangqiang, `/set/office/reject${entity}`, { id: second, opinion: '  ' });
    expect(bare.body.code).toBe(100);
    const rejected = await s.post(huangqiang, `/set/office/reject${entity}`, { id: second, opinion: '项目上线周，请改期' });
    expect(rejected.body.data.status).toBe('rejected');

    // The administration's export: the applicant by name, the type by its label.
    const res = await fetch(`${s.baseUrl}/capi/get/office/export${entity}?pageSize=500`, { headers: { Authorization: `Bearer ${huangqiang}` } });
    expect(res.status).toBe(200);
    const sheet = await readSheet(await res.arrayBuffer());
    const header = sheet[0];
    const ours = sheet.filter((row) => row.includes(requests[kind].reason));
    expect(ours).toHaveLength(2);
    expect(ours.map((row) => row[header.indexOf('申请人')])).toEqual(['李娜', '李娜']);
    if (kind === 'Leave') expect(ours[0][header.indexOf('请假类型')]).toBe('年假');
    expect(ours.map((row) => row[header.indexOf('状态')]).sort()).toEqual(['已批准', '已驳回'].sort());
  });

  it('imports office supplies by category name, and refuses the whole file for one bad row', async () => {
    const header = ['分类', '用品名称', '规格型号', '单位', '库存', '预警库存', '单价'];
    const good = [header, ['书写工具', '中性笔（导入）', '0.5mm 黑', '支', 200, 20, 1.5], ['打印耗材', 'A4 复印纸（导入）', '70g', '包', 40, 10, 22]];
    const upload = (rows: (string | number)[][]) => workbook(rows).then((content) => s.upload(huangqiang, '/set/office/importOfficeSupplies', { name: '办公用品.xlsx', content }));

    const renamed = good.map((r) => r.map((c) => (typeof c === 'string' ? c.replace('（导入）', '（坏）') : c)));
    for (const [badRow, field] of [[['不存在的分类', '订书机', '', '个', 5, '', ''], 'sortId'], [['书写工具', '订书机', '', '个', 'abc', '', ''], 'stock']] as const) {
      const bad = await upload([...renamed, [...badRow]]);
      expect(bad.body.code).toBe(100);
      expect(bad.body.data.errors).toEqual([expect.objectContaining({ row: 4, field })]);
    }
    expect(await db().selectFrom('office_supplies').select('name').where('name', 'like', '%（坏）').execute()).toEqual([]);

    const imported = await upload(good);
    expect(imported.body.code, JSON.stringify(imported.body.data)).toBe(200);
    expect(imported.body.data.inserted).toBe(2);
    const rows = await db().selectFrom('office_supplies').selectAll().where('name', 'like', '%（导入）').orderBy('name').execute();
    const sorts = await db().selectFrom('office_supplies_sort').select(['sortId', 'sortName']).execute();
    const sortName = (id: unknown) => sorts.find((r) => r.sortId === id)?.sortName;
    expect(rows.map((r) => [r.name, sortName(r.sortId), Number(r.stock), r.unit])).toEqual([
      ['A4 复印纸（导入）', '打印耗材', 40, '包'], ['中性笔（导入）', '书写工具', 200, '支'],
    ]);
    // Staff may not import.
    const refused = await s.upload(lina, '/set/office/importOfficeSupplies', { name: 'x.xlsx', content: await workbook(good) });
    expect(refused.status).toBe(403);
  });
});
