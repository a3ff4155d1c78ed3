import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { deptIds } from './helpers';

const databases = await databasesUnderTest();

const PASSWORD = 'Scope@123';

/**
 * Five roles made through the API, one per data scope, each granted only the list/view/update/
 * delete buttons of OfficeVehicleApply. Their users also hold the demo `staff` role (scope own)
 * so they can file applications; the widest scope wins, so the test role decides.
 *
 * Departments: 行政部 > 车辆调度组 > 夜班组 (made here), 技术研发部 > 前端/后端开发组, 财务部.
 */
const SCOPE_USERS = [
  { account: 'dsOwn', scope: '1', dept: '车辆调度组' },
  { account: 'dsDept', scope: '2', dept: '行政部' },
  { account: 'dsBelow', scope: '3', dept: '行政部' },
  { account: 'dsUnit', scope: '4', dept: '财务部' },
  { account: 'dsAll', scope: '5', dept: '技术研发部' },
] as const;

const ALL_TITLES = [
  'DS-huangqiang', 'DS-wangfang', 'DS-lina', 'DS-liuyang', 'DS-chenjing', 'DS-dsNight',
  'DS-dsOwn', 'DS-dsDept', 'DS-dsBelow', 'DS-dsUnit', 'DS-dsAll', 'DS-otherUnit',
];

const VISIBLE: Record<string, string[]> = {
  dsOwn: ['DS-dsOwn'],
  dsDept: ['DS-huangqiang', 'DS-dsDept', 'DS-dsBelow'],
  dsBelow: ['DS-huangqiang', 'DS-dsDept', 'DS-dsBelow', 'DS-wangfang', 'DS-dsOwn', 'DS-dsNight'],
  dsUnit: ALL_TITLES.filter((t) => t !== 'DS-otherUnit'),
  dsAll: ALL_TITLES,
};

describe.each(databases)('data scope on reads and writes on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let depts: Record<string, string>;
  let staffRoleId: string;
  let passwordHash: string;
  const menuIds: Record<string, string> = {};
  const roleIds: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  /** Application id by title. */
  const rows: Record<string, string> = {};

  const db = () => s.server.ctx.database.db;
  const stored = (id: string) => db().selectFrom('office_vehicle_apply').selectAll().where('applyId', '=', id).executeTakeFirst();
  const application = (title: string) => ({
    title, vehicleType: 'sedan', destination: '原目的地', passengers: 1, startTime: '2026-04-01 09:00', endTime: '2026-04-01 12:00', driverNeeded: 0,
  });

  async function createUser(accountId: string, deptName: string, roles: string[], extra: Record<string, unknown> = { status: 1 }): Promise<string> {
    const res = await s.post(admin, '/set/system/insertUser', { accountId, userName: `测试-${accountId}`, deptId: depts[deptName], roleIds: roles, ...extra });
    expect(res.body.code, res.body.message).toBe(200);
    await db().insertInto('sys_credential').values({ userId: res.body.data.userId, passwordHash, updateTime: '2026-01-01 00:00:00' }).execute();
    return res.body.data.userId as string;
  }
  async function createRole(roleCode: string, dataScope: string, menus: string[], extra: Record<string, unknown> = { status: 1 }): Promise<Record<string, any>> {
    const res = await s.post(admin, '/set/system/insertRole', { roleCode, roleName: `范围${roleCode}`, dataScope, menuIds: menus, ...extra });
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  }
  async function fileApplication(token: string, title: string): Promise<string> {
    const res = await s.post(token, '/set/office/insertOfficeVehicleApply', application(title));
    expect(res.body.code, `${title}: ${res.body.message}`).toBe(200);
    return res.body.data.applyId as string;
  }
  async function visibleTitles(token: string): Promise<string[]> {
    const res = await s.get(token, '/get/office/getOfficeVehicleApplyList', { keyword: 'DS-', pageSize: 500 });
    expect(res.body.code, res.body.message).toBe(200);
    expect(res.body.data.total).toBe(res.body.data.list.length);
    return res.body.data.list.map((r: any) => r.title).sort();
  }

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    depts = await deptIds(s);
    passwordHash = await hashPassword(PASSWORD);
    staffRoleId = String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'staff').executeTakeFirstOrThrow()).roleId);

    const menus = await s.get(admin, '/get/system/getMenuList', {
      filterObj: { permission: { value: 'office:OfficeVehicleApply:', operator: 'include' } }, pageSize: 100,
    });
    expect(menus.body.code).toBe(200);
    for (const m of menus.body.data.list) menuIds[String(m.permission).split(':')[2]] = m.menuId;
    const night = await s.post(admin, '/set/system/insertDept', { parentId: depts['车辆调度组'], deptName: '夜班组', sort: 1 });
    expect(night.body.code, night.body.message).toBe(200);
    depts['夜班组'] = night.body.data.deptId;

    const granted = ['list', 'view', 'update', 'delete'].map((a) => menuIds[a]);
    for (const { account, scope, dept } of SCOPE_USERS) {
      roleIds[account] = (await createRole(`scope_${account}`, scope, granted)).roleId;
      await createUser(account, dept, [roleIds[account], staffRoleId]);
    }
    await createUser('dsNight', '夜班组', [staffRoleId]);

    for (const account of ['huangqiang', 'wangfang', 'lina', 'liuyang', 'chenjing']) tokens[account] = await s.login(account);
    for (const account of ['dsNight', ...SCOPE_USERS.map((u) => u.account)]) tokens[account] = await s.login(account, PASSWORD);
    for (const account of Object.keys(tokens)) rows[`DS-${account}`] = await fileApplication(tokens[account], `DS-${account}`);
    // One application of another unit (no user of that unit exists in the demo data).
    rows['DS-otherUnit'] = 'ds-other-unit-row';
    await db().insertInto('office_vehicle_apply').values({
      applyId: rows['DS-otherUnit'], ...application('DS-otherUnit'), startTime: '2026-04-01 09:00:00', endTime: '2026-04-01 12:00:00',
      status: 'applied', createUser: 'user-of-other-unit', createDept: 'dept-of-other-unit', unitId: 'other-unit',
      createTime: '2026-01-01 00:00:00', updateTime: '2026-01-01 00:00:00',
    }).execute();
    expect(Object.keys(rows).sort()).toEqual([...ALL_TITLES].sort());
  });
  afterAll(async () => { await s.stop(); });

  it('finds the menu ids both through getMenuList and in sys_menu, and stores a role\'s menuIds[] comma-joined', async () => {
    const fromDb = await db().selectFrom('sys_menu').select(['menuId', 'permission']).where('permission', 'like', 'office:OfficeVehicleApply:%').execute();
    expect(Object.fromEntries(fromDb.map((m) => [String(m.permission).split(':')[2], m.menuId]))).toEqual(menuIds);
    for (const action of ['list', 'view', 'update', 'delete']) expect(menuIds[action], action).toBeTruthy();
    const role = await db().selectFrom('sys_role').selectAll().where('roleId', '=', roleIds.dsDept).executeTakeFirstOrThrow();
    expect(String(role.menuIds).split(',').sort()).toEqual(['list', 'view', 'update', 'delete'].map((a) => menuIds[a]).sort());
    expect(role.dataScope).toBe('2');
    const info = await s.get(tokens.dsDept, '/get/system/getUserInfo');
    const permissions = String(info.body.data.permissions).split(',');
    for (const a of ['list', 'view', 'update', 'delete', 'insert']) expect(permissions).toContain(`office:OfficeVehicleApply:${a}`);
    expect(permissions).not.toContain('office:OfficeVehicleApply:approve');
  });

  it('refuses a data scope outside 1..5', async () => {
    const res = await s.post(admin, '/set/system/insertRole', { roleCode: 'scope_bad', roleName: 'bad', dataScope: '6', status: 1 });
    expect(res.body.code).toBe(100);
    expect(res.body.data.errors.map((e: any) => e.field)).toEqual(['dataScope']);
  });

  describe.each(SCOPE_USERS.map((u) => ({ ...u })))('scope $scope ($account in $dept)', ({ account }) => {
    it('lists exactly the rows of the scope', async () => {
      expect(await visibleTitles(tokens[account])).toEqual([...VISIBLE[account]].sort());
    });

    it('reads in-scope rows by id and refuses out-of-scope rows with 403', async () => {
      for (const title of ALL_TITLES) {
        const res = await s.get(tokens[account], '/get/office/getOfficeVehicleApplyById', { id: rows[title] });
        if (VISIBLE[account].includes(title)) {
          expect(res.body.code, title).toBe(200);
          expect(res.body.data.title).toBe(title);
        } else {
          expect(res.status, title).toBe(403);
          expect(res.body.code, title).toBe(403);
        }
      }
    });

    it('refuses update and delete of out-of-scope rows with 403, leaving them unchanged', async () => {
      const outside = ALL_TITLES.filter((t) => !VISIBLE[account].includes(t));
      if (account === 'dsAll') expect(outside).toEqual([]);
      else expect(outside.length).toBeGreaterThan(0);
      for (const title of outside) {
        const before = await stored(rows[title]);
        const update = await s.post(tokens[account], '/set/office/updateOfficeVehicleApply', { id: rows[title], destination: '被改了' });
        expect(update.status, title).toBe(403);
        const del = await s.post(tokens[account], '/set/office/deleteOfficeVehicleApply', { id: rows[title] });
        expect(del.status, title).toBe(403);
        expect(await stored(rows[title]), title).toEqual(before);
      }
      if (outside.length > 0) {
        // A batch with one out-of-scope id deletes nothing, not even the caller's own row.
        const own = rows[`DS-${account}`];
        const batch = await s.post(tokens[account], '/set/office/deleteOfficeVehicleApplyByIds', { ids: [own, rows[outside[0]]] });
        expect(batch.status).toBe(403);
        expect(await stored(own)).toBeDefined();
        expect(await stored(rows[outside[0]])).toBeDefined();
      }
    });

    it('updates and deletes rows inside the scope: its own freely, another applicant\'s pending request not (issue 12.5)', async () => {
      const own = rows[`DS-${account}`];
      const update = await s.post(tokens[account], '/set/office/updateOfficeVehicleApply', { id: own, destination: `由${account}修改` });
      expect(update.body.code, update.body.message).toBe(200);
      expect((await stored(own))!.destination).toBe(`由${account}修改`);
      // Inside the scope the row is reached (not outOfScope), and refused because it is someone else's request.
      const other = VISIBLE[account].find((t) => t !== `DS-${account}`);
      if (other) {
        const refused = await s.post(tokens[account], '/set/office/updateOfficeVehicleApply', { id: rows[other], destination: '改别人的' });
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe('流程中的申请只能由申请人修改或删除；审批人请通过审批操作处理');
      }
      const fresh = await fileApplication(tokens[account], `DEL-${account}`);
      const del = await s.post(tokens[account], '/set/office/deleteOfficeVehicleApplyByIds', { ids: [fresh] });
      expect(del.body).toMatchObject({ code: 200, data: { deleted: 1 } });
      expect(await stored(fresh)).toBeUndefined();
    });
  });

  it('includes departments at any depth below for scope 3, and only the department itself for scope 2', async () => {
    // dsBelow (行政部) sees 夜班组, two levels down; dsDept (行政部) does not; dsOwn (车辆调度组) sees only its own.
    expect(await visibleTitles(tokens.dsBelow)).toContain('DS-dsNight');
    expect(await visibleTitles(tokens.dsDept)).not.toContain('DS-dsNight');
    expect((await s.get(tokens.dsDept, '/get/office/getOfficeVehicleApplyById', { id: rows['DS-dsNight'] })).status).toBe(403);
  });

  it('applies a changed data scope on the very next request', async () => {
    const role = await createRole('scope_change', '1', ['list', 'view'].map((a) => menuIds[a]));
    await createUser('dsChange', '财务部', [role.roleId]);
    const token = await s.login('dsChange', PASSWORD);
    expect(await visibleTitles(token)).toEqual([]);
    const widen = await s.post(admin, '/set/system/updateRole', { id: role.roleId, dataScope: '2' });
    expect(widen.body.code, widen.body.message).toBe(200);
    expect(await visibleTitles(token)).toEqual(['DS-chenjing', 'DS-dsUnit']);
    await s.post(admin, '/set/system/updateRole', { id: role.roleId, status: 0 });
    expect((await s.get(token, '/get/office/getOfficeVehicleApplyList')).status).toBe(403);
  });

  it('enables a role and a user created without a status by the schema default (status 1)', async () => {
    const role = await createRole('scope_default', '5', ['list', 'view'].map((a) => menuIds[a]), {});
    expect(role.status).toBe(1);
    await createUser('dsDefault', '财务部', [role.roleId], {});
    const login = await s.post(undefined, '/get/system/login', { accountId: 'dsDefault', password: PASSWORD });
    expect(login.body.code, login.body.message).toBe(200);
    expect(String(login.body.data.permissions).split(',')).toContain('office:OfficeVehicleApply:list');
  });
});
