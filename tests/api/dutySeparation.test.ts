import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, postEn, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Issue 17: the superuser reached the separated duties through a button's permission string and
 * through login-as. Permission strings wait for the security administrator; no duty permission
 * sits with the superuser role; login-as never reaches a duty account and ends with its maker.
 */
describe.each(databases)('separated duties stay separate on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let secadmin: string;
  let users: Record<string, DemoUser>;
  const db = () => s.server.ctx.database.db;
  const roleId = async (code: string) => String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', code).executeTakeFirstOrThrow()).roleId);
  const menuIdsOf = async (id: string) => String((await db().selectFrom('sys_role').select('menuIds').where('roleId', '=', id).executeTakeFirstOrThrow()).menuIds ?? '');
  const button = async (permission: string) => String((await db().selectFrom('sys_menu').select('menuId')
    .where('menuType', '=', 'button').where('permission', '=', permission).executeTakeFirstOrThrow()).menuId);
  const permissionOf = async (menuId: string) => (await db().selectFrom('sys_menu').select('permission').where('menuId', '=', menuId).executeTakeFirstOrThrow()).permission;
  const permissionsOf = async (token: string) => String((await s.get(token, '/get/system/getUserInfo')).body.data.permissions).split(',');
  const approve = (eventId: string) => s.post(secadmin, '/set/system/approveSecurityEvent', { id: eventId, opinion: '同意' });
  const eventStatus = async (eventId: string) => (await db().selectFrom('sys_security_event').select('status').where('eventId', '=', eventId).executeTakeFirstOrThrow()).status;
  const securityConfigId = async () => String((await db().selectFrom('sys_security_config').selectAll().executeTakeFirstOrThrow()).configId ?? '');

  beforeAll(async () => {
    s = await startTestServer(database, { SECURITY_REVIEW: '1' });
    [admin, secadmin] = await Promise.all(['admin', 'secadmin'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  it('holds the superuser\'s new button and its edit of a permission string for review, changing nothing until approved', async () => {
    const page = String((await db().selectFrom('sys_menu').select('menuId').where('name', '=', 'officeVehicleApply').executeTakeFirstOrThrow()).menuId);
    const created = await s.post(admin, '/set/system/insertMenu', {
      parentId: page, name: 'dutyProbe', title: '探针按钮', menuType: 'button', permission: 'office:OfficeVehicleApply:export',
    });
    expect(created.body.code, created.body.message).toBe(200);
    expect(created.body.data.$pendingSecurityEvent).toBeTruthy();
    expect(await permissionOf(String(created.body.data.menuId))).toBeNull();
    expect((await approve(created.body.data.$pendingSecurityEvent)).body.code).toBe(200);
    expect(await permissionOf(String(created.body.data.menuId))).toBe('office:OfficeVehicleApply:export');

    // Every staff member holds the view button: its permission string is a grant to all of them.
    const view = await button('office:OfficeVehicleApply:view');
    const lina = await s.login('lina');
    const edit = await s.post(admin, '/set/system/updateMenu', { id: view, permission: 'system:SecurityConfig:update' });
    expect(edit.body.code, edit.body.message).toBe(200);
    const eventId = edit.body.data.$pendingSecurityEvent as string;
    expect(eventId).toBeTruthy();
    expect(await permissionOf(view)).toBe('office:OfficeVehicleApply:view');
    expect(await permissionsOf(lina)).toContain('office:OfficeVehicleApply:view');
    expect(await permissionsOf(lina)).not.toContain('system:SecurityConfig:update');
    expect((await s.post(lina, '/set/system/updateSecurityConfig', { id: await securityConfigId(), operationLogDays: 1 })).status).toBe(403);
    expect(await eventStatus(eventId)).toBe('pending');

    // The superuser signed in as a staff member before the approval keeps no duty afterwards.
    const asLina = (await s.post(admin, '/set/system/loginOtherAccount', { accountId: 'lina' })).body.data.token as string;
    expect((await approve(eventId)).body.code).toBe(200);
    expect(await permissionOf(view)).toBe('system:SecurityConfig:update');
    expect(await permissionsOf(lina)).toContain('system:SecurityConfig:update');
    expect(await permissionsOf(asLina)).not.toContain('system:SecurityConfig:update');
    expect((await s.post(asLina, '/set/system/updateSecurityConfig', { id: await securityConfigId(), operationLogDays: 1 })).status).toBe(403);
    // Now a duty account, lina is out of login-as's reach.
    const refused = await s.post(admin, '/set/system/loginOtherAccount', { accountId: 'lina' });
    expect(refused.body.code).toBe(100);

    // Put back as it was, through the same review.
    const back = await s.post(admin, '/set/system/updateMenu', { id: view, permission: 'office:OfficeVehicleApply:view' });
    expect((await approve(back.body.data.$pendingSecurityEvent)).body.code).toBe(200);
    expect((await s.post(admin, '/set/system/loginOtherAccount', { accountId: 'lina' })).body.code).toBe(200);
  });

  it('refuses a duty permission string on a button of the superuser role, before and after approval', async () => {
    const adminRole = await roleId('admin');
    const listButton = await button('office:OfficeVehicleApply:list');
    const grant = await s.post(admin, '/set/system/updateRole', { id: adminRole, menuIds: [listButton] });
    expect((await approve(grant.body.data.$pendingSecurityEvent)).body.code).toBe(200);

    const edit = await s.post(admin, '/set/system/updateMenu', { id: listButton, permission: 'system:SysOperationLog:list' });
    expect(edit.body.code).toBe(100);
    expect(edit.body.message).toBe('该按钮已授予系统管理员角色或其账号所持的角色，不能改为审计或安全管理权限（三员分立）');
    expect((await postEn(s, admin, '/set/system/updateMenu', { id: listButton, permission: 'system:SysOperationLog:list' })).body.message)
      .toBe('This button is held by the system administrator role or a role of its accounts, so it cannot become an audit or security administration permission (separation of duties)');
    expect(await permissionOf(listButton)).toBe('office:OfficeVehicleApply:list');

    // Two changes each harmless when filed: the button's new string, then the button for the role.
    const probe = await button('office:OfficeVehicleApply:export');
    const first = await s.post(admin, '/set/system/updateMenu', { id: probe, permission: 'system:SecurityConfig:update' });
    const second = await s.post(admin, '/set/system/updateRole', { id: adminRole, menuIds: [listButton, probe] });
    expect(first.body.data.$pendingSecurityEvent).toBeTruthy();
    expect(second.body.data.$pendingSecurityEvent).toBeTruthy();
    expect((await approve(first.body.data.$pendingSecurityEvent)).body.code).toBe(200);
    const joined = await approve(second.body.data.$pendingSecurityEvent);
    expect(joined.body.code).toBe(100);
    expect(joined.body.message).toBe('系统管理员角色不能持有审计或安全管理权限（三员分立）');
    expect(await eventStatus(second.body.data.$pendingSecurityEvent)).toBe('pending');
    expect((await menuIdsOf(adminRole)).split(',')).not.toContain(probe);
    const fresh = await s.login('admin');
    expect(await permissionsOf(fresh)).not.toContain('system:SecurityConfig:update');
    expect((await s.post(fresh, '/set/system/updateSecurityConfig', { id: await securityConfigId(), operationLogDays: 1 })).status).toBe(403);
  });

  it('refuses a duty role to a superuser\'s account, a duty button to a role a superuser holds, and reserved role codes', async () => {
    const adminRole = await roleId('admin');
    const both = await s.post(admin, '/set/system/updateUser', { id: users.liuyang.userId, roleIds: [adminRole, await roleId('auditor')] });
    expect(both.body.code).toBe(100);
    expect(both.body.message).toBe('持有系统管理员角色的账号不能同时持有审计或安全管理职责的角色（三员分立）');
    expect(await db().selectFrom('sys_security_event').select('eventId').where('recordId', '=', users.liuyang.userId).execute()).toHaveLength(0);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    for (const row of [['账号', '姓名', '所属部门', '角色', '启用'], ['imp.both', '兼任审计', '行政部', '系统管理员,安全审计员', '是']]) sheet.addRow(row);
    const imported = await s.upload(admin, '/set/system/importUser', { name: '导入.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) });
    expect(imported.body.code).toBe(100);
    expect(imported.body.data.errors).toEqual([expect.objectContaining({ row: 2, message: '持有系统管理员角色的账号不能同时持有审计或安全管理职责的角色（三员分立）' })]);
    expect(await db().selectFrom('sys_user').select('userId').where('accountId', '=', 'imp.both').execute()).toHaveLength(0);

    const probe = await s.post(admin, '/set/system/insertRole', { roleCode: 'dutyProbe', roleName: '职责探针', dataScope: '1', status: 1 });
    expect(probe.body.code, probe.body.message).toBe(200);
    const probeRole = String(probe.body.data.roleId);
    // Its scope and switch wait for review too.
    expect((await approve(probe.body.data.$pendingSecurityEvent)).body.code).toBe(200);
    const held = await s.post(admin, '/set/system/updateUser', { id: users.liuyang.userId, roleIds: [adminRole, probeRole] });
    expect((await approve(held.body.data.$pendingSecurityEvent)).body.code).toBe(200);
    const duty = await s.post(admin, '/set/system/updateRole', { id: probeRole, menuIds: [await button('system:SysLoginLog:list')] });
    expect(duty.body.code).toBe(100);
    expect(duty.body.message).toBe('该角色授予了系统管理员账号，不能再持有审计或安全管理权限（三员分立）');
    expect(await menuIdsOf(probeRole)).toBe('');

    const renamed = await s.post(admin, '/set/system/updateRole', { id: await roleId('secadmin'), roleCode: 'secadmin2' });
    expect(renamed.body.code).toBe(100);
    expect(renamed.body.message).toBe('角色编码 secadmin 决定系统管理员或安全管理员的职责，不能改为或改掉');
    expect(await roleId('secadmin')).toBeTruthy();
  });

  it('never signs the superuser in as the security administrator or the auditor (the issue\'s reproduction)', async () => {
    // The superuser files a grant, then tries to approve it as the security administrator.
    const before = String((await db().selectFrom('sys_user').select('roleIds').where('userId', '=', users.lina.userId).executeTakeFirstOrThrow()).roleIds);
    const grant = await s.post(admin, '/set/system/updateUser', { id: users.lina.userId, roleIds: [...before.split(','), await roleId('hr')] });
    const eventId = grant.body.data.$pendingSecurityEvent as string;
    expect(eventId).toBeTruthy();
    const sessionsBefore = await db().selectFrom('sys_session').select('tokenHash').where('userId', 'in', [users.secadmin.userId, users.auditor.userId]).execute();
    for (const accountId of ['secadmin', 'auditor']) {
      const refused = await s.post(admin, '/set/system/loginOtherAccount', { accountId });
      expect(refused.body.code).toBe(100);
      expect(refused.body.data).toBeNull();
      expect(refused.body.message).toBe(`不能登录账号 ${accountId}：它持有安全管理员或安全审计员的职责，三员分立不允许系统管理员代为登录`);
    }
    expect((await postEn(s, admin, '/set/system/loginOtherAccount', { accountId: 'auditor' })).body.message)
      .toBe('Cannot sign in as auditor: the account holds a security administrator or auditor duty, which separation of duties keeps from the system administrator');
    expect(await db().selectFrom('sys_session').select('tokenHash').where('userId', 'in', [users.secadmin.userId, users.auditor.userId]).execute())
      .toHaveLength(sessionsBefore.length);
    expect(await eventStatus(eventId)).toBe('pending');
    expect(String((await db().selectFrom('sys_user').select('roleIds').where('userId', '=', users.lina.userId).executeTakeFirstOrThrow()).roleIds)).toBe(before);
  });

  it('ends a login-as session with the session that made it: sign-out, kick or expiry', async () => {
    const signIn = async () => {
      const parent = await s.login('admin');
      const child = (await s.post(parent, '/set/system/loginOtherAccount', { accountId: 'wangfang' })).body.data.token as string;
      expect((await s.get(child, '/get/system/getUserInfo')).body.data).toMatchObject({ accountId: 'wangfang', loginAs: 'admin' });
      return { parent, child };
    };
    const signedOut = await signIn();
    expect((await s.post(signedOut.parent, '/set/system/logout')).body.code).toBe(200);
    const answer = await s.get(signedOut.child, '/get/system/getUserInfo');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(401);

    // Kicked from the monitor: the administrator's other sessions end by user id, which is not the child's.
    const kicked = await signIn();
    const kicker = await s.login('admin');
    expect((await s.post(kicker, '/set/system/kickSession', { userId: users.admin.userId })).body.code).toBe(200);
    expect((await s.get(kicked.parent, '/get/system/getUserInfo')).status).toBe(401);
    expect((await s.get(kicked.child, '/get/system/getUserInfo')).status).toBe(401);

    // Expired: the parent's row outlived by its child's.
    const expired = await signIn();
    const { createHash } = await import('node:crypto');
    const parentHash = createHash('sha256').update(expired.parent).digest('hex');
    await db().updateTable('sys_session').set({ expiresAt: Date.now() - 1000 }).where('tokenHash', '=', parentHash).execute();
    expect((await s.get(expired.child, '/get/system/getUserInfo')).status).toBe(401);
    // A plain session made beside it lives on.
    expect((await s.get(await s.login('wangfang'), '/get/system/getUserInfo')).status).toBe(200);
  });
});
