import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

describe.each(databases)('强制下线 and the user calls\' data scope on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let users: Record<string, DemoUser>;
  let keeperRole: string;
  const db = () => s.server.ctx.database.db;
  const sessionsOf = async (userId: string) => (await db().selectFrom('sys_session').select('userId').where('userId', '=', userId).execute()).length;

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    users = await demoUsers(s);
    // A delegated user administrator: the user list and update buttons, scope "own department".
    const buttons = await db().selectFrom('sys_menu').select('menuId').where('permission', 'in', ['system:User:list', 'system:User:update']).execute();
    const role = await s.post(admin, '/set/system/insertRole', { roleCode: 'deptKeeper', roleName: '部门用户维护员', dataScope: '2', menuIds: buttons.map((b) => b.menuId), status: 1 });
    expect(role.body.code, role.body.message).toBe(200);
    keeperRole = String(role.body.data.roleId);
    // zhangwei works in 人事部 with zhaomin; lina works elsewhere.
    expect((await s.post(admin, '/set/system/updateUser', { id: users.zhangwei.userId, roleIds: [keeperRole] })).body.code).toBe(200);
  });
  afterAll(async () => { await s.stop(); });

  it('ends every session of the user, logs it, and the account signs in again', async () => {
    const first = await s.login('lina');
    await s.login('lina');
    expect(await sessionsOf(users.lina.userId)).toBeGreaterThanOrEqual(2);
    const answer = await s.post(admin, '/set/system/logoutUser', { id: users.lina.userId });
    expect(answer.body).toMatchObject({ code: 200, data: { accountId: 'lina' } });
    expect(answer.body.data.ended).toBeGreaterThanOrEqual(2);
    expect(await sessionsOf(users.lina.userId)).toBe(0);
    expect((await s.get(first, '/get/system/getUserInfo')).status).toBe(401);
    const log = await db().selectFrom('sys_operation_log').selectAll().where('recordId', '=', users.lina.userId).orderBy('createTime', 'desc').execute();
    expect(log.some((row) => String(row.detail).startsWith('logoutUser'))).toBe(true);
    expect((await s.post(undefined, '/get/system/login', { accountId: 'lina', password: 'Demo@123' })).body.code).toBe(200);
  });

  it('refuses a plain user, one\'s own account, an unknown id and a missing one, ending nothing', async () => {
    const lina = await s.login('lina');
    const liuyang = await s.login('liuyang');
    expect((await s.post(liuyang, '/set/system/logoutUser', { id: users.lina.userId })).status).toBe(403);
    expect((await s.post(admin, '/set/system/logoutUser', { id: users.admin.userId })).body).toMatchObject({ code: 100, message: '不能强制自己下线；如需结束自己的其他会话，请在系统监控中操作' });
    expect((await s.post(admin, '/set/system/logoutUser', { id: 'no-such-user' })).status).toBe(404);
    expect((await s.post(admin, '/set/system/logoutUser', {})).body.code).toBe(100);
    expect((await s.get(lina, '/get/system/getUserInfo')).status).toBe(200);
    expect((await s.get(admin, '/get/system/getUserInfo')).status).toBe(200);
  });

  it('lets a delegated administrator sign out people of their department only, never the superuser', async () => {
    const keeper = await s.login('zhangwei');
    const zhaomin = await s.login('zhaomin');
    const lina = await s.login('lina');
    expect((await s.post(keeper, '/set/system/logoutUser', { id: users.lina.userId })).status).toBe(404);
    expect((await s.get(lina, '/get/system/getUserInfo')).status).toBe(200);
    const adminRefused = await s.post(keeper, '/set/system/logoutUser', { id: users.admin.userId });
    expect(adminRefused.status).toBe(404);
    expect((await s.get(admin, '/get/system/getUserInfo')).status).toBe(200);
    expect((await s.post(keeper, '/set/system/logoutUser', { id: users.zhaomin.userId })).body.code).toBe(200);
    expect((await s.get(zhaomin, '/get/system/getUserInfo')).status).toBe(401);
  });

  it('keeps initialisation within the same scope: another department\'s account is unknown and unchanged', async () => {
    const keeper = await s.login('zhangwei');
    const before = await db().selectFrom('sys_credential').select('passwordHash').where('userId', '=', users.lina.userId).executeTakeFirstOrThrow();
    expect((await s.post(keeper, '/set/system/initUser', { id: users.lina.userId })).status).toBe(404);
    expect((await s.post(keeper, '/set/system/initUser', { ids: [users.zhaomin.userId, users.lina.userId] })).status).toBe(404);
    const after = await db().selectFrom('sys_credential').select('passwordHash').where('userId', '=', users.lina.userId).executeTakeFirstOrThrow();
    expect(after.passwordHash).toBe(before.passwordHash);
    expect((await s.post(undefined, '/get/system/login', { accountId: 'lina', password: 'Demo@123' })).body.code).toBe(200);
  });
});
