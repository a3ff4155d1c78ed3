import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, deptIds, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Data-permission roles: for one entity they replace the scope of the user's ordinary roles,
 * add up when several apply, and limit reads and writes alike.
 */
describe.each(databases)('data-permission roles on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;
  let staffRoleId: string;
  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    users = await demoUsers(s);
    depts = await deptIds(s);
    const staff = await s.server.ctx.database.db.selectFrom('sys_role').select(['roleId', 'menuIds']).where('roleCode', '=', 'staff').executeTakeFirstOrThrow();
    staffRoleId = String(staff.roleId);
    // Staff may open the manage list of applications; its rows are what the data scope allows.
    const listButton = await s.server.ctx.database.db.selectFrom('sys_menu').select('menuId').where('permission', '=', 'office:OfficeVehicleApply:list').executeTakeFirstOrThrow();
    const granted = await s.post(admin, '/set/system/updateRole', { id: staffRoleId, menuIds: [...String(staff.menuIds).split(','), String(listButton.menuId)] });
    expect(granted.body.code, granted.body.message).toBe(200);
  });
  afterAll(async () => { await s.stop(); });

  const titles = async (token: string) => {
    const res = await s.get(token, '/get/office/getOfficeVehicleApplyList', { pageSize: 100 });
    expect(res.body.code, res.body.message).toBe(200);
    return (res.body.data.list as { title: string }[]).map((r) => r.title).sort();
  };
  const byTitle = async (title: string) => String((await s.server.ctx.database.db.selectFrom('office_vehicle_apply')
    .select('applyId').where('title', '=', title).executeTakeFirstOrThrow()).applyId);
  const grantRole = (values: Record<string, unknown>) => s.post(admin, '/set/system/insertDataRole', { entityName: 'OfficeVehicleApply', ...values });

  it('gives a chosen user the rows of chosen departments instead of their own rows', async () => {
    const lina = await s.login('lina');
    // Staff scope is "own": lina sees her two demo applications.
    expect(await titles(lina)).toEqual(['参加行业展会', '客户现场需求调研']);
    const created = await grantRole({ roleName: '查看后端组用车', dataScope: '6', deptIds: [depts['后端开发组']], userIds: [users.lina.userId] });
    expect(created.body.code, created.body.message).toBe(200);
    // Now, for this entity, the custom departments replace "own".
    expect(await titles(lina)).toEqual(['机房设备巡检']);
    const outside = await byTitle('银行对账');
    expect((await s.get(lina, '/get/office/getOfficeVehicleApplyById', { id: outside })).status).toBe(403);
    expect((await s.get(lina, '/get/office/getOfficeVehicleApplyById', { id: await byTitle('机房设备巡检') })).body.code).toBe(200);
    // Other entities keep the ordinary scope.
    expect((await s.get(lina, '/get/hr/getMyHrContractList')).body.code).toBe(200);
  });

  it('applies through the user\'s roles, adds several grants up, and ignores disabled ones', async () => {
    const liuyang = await s.login('liuyang');
    expect(await titles(liuyang)).toEqual(['机房设备巡检']);
    const finance = await grantRole({ roleName: '财务部用车（员工）', dataScope: '6', deptIds: [depts['财务部']], roleIds: [staffRoleId] });
    expect(finance.body.code, finance.body.message).toBe(200);
    const own = await grantRole({ roleName: '本人用车', dataScope: '1', userIds: [users.liuyang.userId] });
    expect(own.body.code).toBe(200);
    expect(await titles(liuyang)).toEqual(['机房设备巡检', '银行对账']);
    await s.post(admin, '/set/system/updateDataRole', { id: finance.body.data.dataRoleId, status: 0 });
    expect(await titles(liuyang)).toEqual(['机房设备巡检']);
  });

  it('refuses an update outside the granted departments and leaves the row unchanged', async () => {
    const huangqiang = await s.login('huangqiang');
    await grantRole({ roleName: '技术部用车', dataScope: '6', deptIds: [depts['技术研发部']], userIds: [users.huangqiang.userId] });
    const own = await byTitle('办公用品采购'); // his own, in 行政部: not in the granted departments
    const res = await s.post(huangqiang, '/set/office/updateOfficeVehicleApply', { id: own, destination: '别处' });
    expect(res.status).toBe(403);
    const row = await s.server.ctx.database.db.selectFrom('office_vehicle_apply').select('destination').where('applyId', '=', own).executeTakeFirstOrThrow();
    expect(row.destination).toBe('上海市闵行区');
  });

  it('needs chosen departments for the custom scope', async () => {
    const res = await grantRole({ roleName: '缺部门', dataScope: '6', userIds: [users.lina.userId] });
    expect(res.body.code).toBe(100);
    expect(res.body.data.errors[0].field).toBe('deptIds');
  });
});
