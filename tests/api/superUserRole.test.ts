import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, deptIds, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

describe.each(databases)('the superuser role is granted and changed by superusers only, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let keeper: string;
  let users: Record<string, DemoUser>;
  let depts: Record<string, string>;
  let adminRoleId: string;
  const db = () => s.server.ctx.database.db;
  const rolesOf = async (accountId: string) => String((await db().selectFrom('sys_user').select('roleIds').where('accountId', '=', accountId).executeTakeFirstOrThrow()).roleIds ?? '');

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    users = await demoUsers(s);
    depts = await deptIds(s);
    adminRoleId = String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'admin').executeTakeFirstOrThrow()).roleId);
    // A delegated administrator of users and roles with every row in reach, but not the superuser role.
    const permissions = ['list', 'view', 'insert', 'update', 'delete', 'import'].flatMap((a) => [`system:User:${a}`, `system:Role:${a}`]);
    const buttons = await db().selectFrom('sys_menu').select('menuId').where('permission', 'in', permissions).execute();
    const role = await s.post(admin, '/set/system/insertRole', { roleCode: 'keeper', roleName: '用户与角色维护员', dataScope: '5', menuIds: buttons.map((b) => b.menuId), status: 1 });
    expect(role.body.code, role.body.message).toBe(200);
    expect((await s.post(admin, '/set/system/updateUser', { id: users.huangqiang.userId, roleIds: [role.body.data.roleId] })).body.code).toBe(200);
    keeper = await s.login('huangqiang');
  });
  afterAll(async () => { await s.stop(); });

  it('refuses a delegated administrator who grants the role, to themselves or to a new account, and writes nothing', async () => {
    const before = await rolesOf('huangqiang');
    const self = await s.post(keeper, '/set/system/updateUser', { id: users.huangqiang.userId, roleIds: [...before.split(','), adminRoleId] });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('只有系统管理员才能授予系统管理员角色');
    expect(await rolesOf('huangqiang')).toBe(before);
    const created = await s.post(keeper, '/set/system/insertUser', { accountId: 'shadowadmin', userName: '影子管理员', deptId: depts['行政部'], roleIds: [adminRoleId], status: 1 });
    expect(created.status).toBe(403);
    expect(await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'shadowadmin').executeTakeFirst()).toBeUndefined();
  });

  it('refuses an imported row that grants the role, in the row report, and imports nothing of the file', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    for (const row of [['账号', '姓名', '所属部门', '角色', '启用'], ['imp.plain', '普通导入', '行政部', '普通员工', '是'], ['imp.shadow', '影子导入', '行政部', '系统管理员', '是']]) sheet.addRow(row);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const refused = await s.upload(keeper, '/set/system/importUser', { name: '导入.xlsx', content: file });
    expect(refused.body.code).toBe(100);
    expect(refused.body.data.errors).toEqual([expect.objectContaining({ row: 3, message: '只有系统管理员才能授予系统管理员角色' })]);
    expect(await db().selectFrom('sys_user').select('userId').where('accountId', 'in', ['imp.plain', 'imp.shadow']).execute()).toHaveLength(0);
    // The superuser imports the same file.
    const imported = await s.upload(admin, '/set/system/importUser', { name: '导入.xlsx', content: file });
    expect(imported.body.code, JSON.stringify(imported.body.data)).toBe(200);
    expect(imported.body.data.inserted).toBe(2);
  });

  it('refuses changes to a superuser\'s account (a new phone number would recover its password) and its deletion', async () => {
    const phone = await s.post(keeper, '/set/system/updateUser', { id: users.admin.userId, phone: '13900000099' });
    expect(phone.status).toBe(403);
    expect(phone.body.message).toBe('只有系统管理员才能修改或删除系统管理员的账号');
    const stored = await db().selectFrom('sys_user').select('phone').where('userId', '=', users.admin.userId).executeTakeFirstOrThrow();
    expect(stored.phone).not.toBe('13900000099');
    expect((await s.post(keeper, '/set/system/deleteUser', { id: users.admin.userId })).status).toBe(403);
    expect((await s.post(keeper, '/set/system/deleteUserByIds', { ids: [users.lina.userId, users.admin.userId] })).status).toBe(403);
    expect(await db().selectFrom('sys_user').select('userId').where('userId', 'in', [users.admin.userId, users.lina.userId]).execute()).toHaveLength(2);
  });

  it('refuses changes to the superuser role itself, its deletion, and a role named like it', async () => {
    const disabled = await s.post(keeper, '/set/system/updateRole', { id: adminRoleId, status: 0 });
    expect(disabled.status).toBe(403);
    expect(disabled.body.message).toBe('只有系统管理员才能修改或删除系统管理员角色');
    expect((await db().selectFrom('sys_role').select('status').where('roleId', '=', adminRoleId).executeTakeFirstOrThrow()).status).toBe(1);
    expect((await s.post(keeper, '/set/system/deleteRole', { id: adminRoleId })).status).toBe(403);
    const hr = String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'hr').executeTakeFirstOrThrow()).roleId);
    // Another role may not take the name either (refused as taken, or as the superuser's).
    const renamed = await s.post(keeper, '/set/system/updateRole', { id: hr, roleCode: 'admin' });
    expect(renamed.body.code).not.toBe(200);
    expect((await db().selectFrom('sys_role').select('roleCode').where('roleId', '=', hr).executeTakeFirstOrThrow()).roleCode).toBe('hr');
    expect(await db().selectFrom('sys_role').select('roleId').where('roleId', '=', adminRoleId).executeTakeFirst()).toBeDefined();
  });

  it('leaves the delegated administrator their ordinary work, and the superuser everything', async () => {
    expect((await s.post(keeper, '/set/system/updateUser', { id: users.lina.userId, motto: '前端开发' })).body.code).toBe(200);
    expect((await s.post(keeper, '/set/system/updateRole', { id: String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'hr').executeTakeFirstOrThrow()).roleId), remark: '人事' })).body.code).toBe(200);
    const granted = await s.post(admin, '/set/system/updateUser', { id: users.lina.userId, roleIds: [adminRoleId] });
    expect(granted.body.code, granted.body.message).toBe(200);
    expect(await rolesOf('lina')).toBe(adminRoleId);
  });
});
