import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Issue 12.1: nobody deletes or disables their own account, the last active system
 * administrator keeps the role, and the role itself stays — on update, delete, batch delete and
 * the security administrator's approval.
 */
describe.each(databases)('the suite keeps an administrator, on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let users: Record<string, DemoUser>;
  let adminRoleId: string;
  const db = () => s.server.ctx.database.db;
  const account = (accountId: string) => db().selectFrom('sys_user').select(['userId', 'status', 'roleIds']).where('accountId', '=', accountId).executeTakeFirst();
  /** A second superuser, made directly in the table (the approval path is tested below). */
  const makeSuperUser = async (accountId: string) => {
    await db().updateTable('sys_user').set({ roleIds: adminRoleId, status: 1 }).where('accountId', '=', accountId).execute();
  };

  beforeAll(async () => {
    s = await startTestServer(database);
    admin = await s.login('admin');
    users = await demoUsers(s);
    adminRoleId = String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'admin').executeTakeFirstOrThrow()).roleId);
  });
  afterAll(async () => { await s.stop(); });

  it('refuses deleting or disabling oneself, alone or in a batch, and the account stays', async () => {
    const self = users.admin.userId;
    const one = await s.post(admin, '/set/system/deleteUser', { id: self });
    expect(one.body.code).toBe(100);
    expect(one.body.message).toBe('不能删除自己的账号');
    const batch = await s.post(admin, '/set/system/deleteUserByIds', { ids: [users.lina.userId, self] });
    expect(batch.body.message).toBe('不能删除自己的账号');
    const disable = await s.post(admin, '/set/system/updateUser', { id: self, status: 0 });
    expect(disable.body.message).toBe('不能停用自己的账号');
    expect(await account('admin')).toMatchObject({ status: 1 });
    expect(await account('lina')).toBeDefined();
    // The next call still works: the session was not cut off.
    expect((await s.get(admin, '/get/system/getUserList')).body.code).toBe(200);
  });

  it('keeps the last active administrator, and lets one go while another remains', async () => {
    const ownRoles = String((await account('admin'))!.roleIds);
    const drop = await s.postJson(admin, '/set/system/updateUser', { id: users.admin.userId, roleIds: [] });
    expect(drop.body.message).toBe('至少要保留一个启用的系统管理员账号：这是最后一个');
    expect(String((await account('admin'))!.roleIds)).toBe(ownRoles);

    await makeSuperUser('huangqiang');
    // With a second active administrator, disabling or deleting that one is fine.
    expect((await s.post(admin, '/set/system/updateUser', { id: users.huangqiang.userId, status: 0 })).body.code).toBe(200);
    // …but now admin is the last active one again.
    expect((await s.postJson(admin, '/set/system/updateUser', { id: users.admin.userId, roleIds: [] })).body.code).toBe(100);
    await makeSuperUser('huangqiang');
    const second = await s.login('huangqiang');
    // The second administrator may disable the first, and is then the last one.
    expect((await s.post(second, '/set/system/updateUser', { id: users.admin.userId, status: 0 })).body.code).toBe(200);
    const last = await s.post(second, '/set/system/deleteUserByIds', { ids: [users.admin.userId] });
    expect(last.body.code).toBe(200);
    const selfLast = await s.postJson(second, '/set/system/updateUser', { id: users.huangqiang.userId, roleIds: [] });
    expect(selfLast.body.message).toBe('至少要保留一个启用的系统管理员账号：这是最后一个');
  });

  it('keeps the superuser role: neither deleted nor disabled, in English too', async () => {
    const token = await s.login('huangqiang');
    const del = await s.post(token, '/set/system/deleteRole', { id: adminRoleId });
    expect(del.body.message).toBe('系统管理员角色不能删除或停用');
    const off = await postEn(s, token, '/set/system/updateRole', { id: adminRoleId, status: 0 });
    expect(off.body.message).toBe('The system administrator role cannot be deleted or disabled');
    expect((await db().selectFrom('sys_role').select('status').where('roleId', '=', adminRoleId).executeTakeFirstOrThrow()).status).toBe(1);
  });
});

describe.each(databases)('an approval cannot take the role from the last active administrator, on $name', (database) => {
  let s: TestServer;
  const db = () => s.server.ctx.database.db;

  beforeAll(async () => { s = await startTestServer(database, { SECURITY_REVIEW: '1' }); });
  afterAll(async () => { await s.stop(); });

  it('refuses the approval and keeps the role', async () => {
    const [admin, secadmin] = await Promise.all([s.login('admin'), s.login('secadmin')]);
    const users = await demoUsers(s);
    const adminRoleId = String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', 'admin').executeTakeFirstOrThrow()).roleId);
    await db().updateTable('sys_user').set({ roleIds: adminRoleId }).where('accountId', '=', 'lina').execute();
    // Filed while two administrators are active: taking the role from lina is harmless now.
    const filed = await s.postJson(admin, '/set/system/updateUser', { id: users.lina.userId, roleIds: [] });
    expect(filed.body.code, filed.body.message).toBe(200);
    const eventId = filed.body.data.$pendingSecurityEvent as string;
    expect(eventId).toBeTruthy();
    // Meanwhile the other administrator leaves: lina is the last one when the approval comes.
    await db().updateTable('sys_user').set({ status: 0 }).where('accountId', '=', 'admin').execute();
    const approved = await s.post(secadmin, '/set/system/approveSecurityEvent', { id: eventId, opinion: '同意' });
    expect(approved.body.code).toBe(100);
    expect(approved.body.message).toBe('至少要保留一个启用的系统管理员账号：这是最后一个');
    const lina = await db().selectFrom('sys_user').select('roleIds').where('accountId', '=', 'lina').executeTakeFirstOrThrow();
    expect(String(lina.roleIds)).toBe(adminRoleId);
  });
});
