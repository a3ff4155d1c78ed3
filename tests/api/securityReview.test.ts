import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { demoUsers, type DemoUser } from './helpers';

const databases = await databasesUnderTest();

/**
 * Three-role security: the system administrator manages, the security administrator approves
 * permission changes, the auditor reads the logs — and nobody does another's part.
 */
describe.each(databases)('three-role security on $name', (database) => {
  let s: TestServer;
  let admin: string;
  let secadmin: string;
  let auditor: string;
  let users: Record<string, DemoUser>;
  beforeAll(async () => {
    s = await startTestServer(database, { SECURITY_REVIEW: '1' });
    [admin, secadmin, auditor] = await Promise.all(['admin', 'secadmin', 'auditor'].map((a) => s.login(a)));
    users = await demoUsers(s);
  });
  afterAll(async () => { await s.stop(); });

  const db = () => s.server.ctx.database.db;
  const roleIdsOf = async (userId: string) => String((await db().selectFrom('sys_user').select('roleIds').where('userId', '=', userId).executeTakeFirstOrThrow()).roleIds ?? '');
  const roleId = async (code: string) => String((await db().selectFrom('sys_role').select('roleId').where('roleCode', '=', code).executeTakeFirstOrThrow()).roleId);

  it('holds a role assignment until the security administrator approves it', async () => {
    const hrRole = await roleId('hr');
    const before = await roleIdsOf(users.lina.userId);
    const res = await s.post(admin, '/set/system/updateUser', { id: users.lina.userId, roleIds: [...before.split(','), hrRole], phone: '13900000003' });
    expect(res.body.code).toBe(200);
    const eventId = res.body.data.$pendingSecurityEvent as string;
    expect(eventId).toBeTruthy();
    // The harmless part (the phone) applies at once; the role waits.
    const stored = await db().selectFrom('sys_user').select(['phone', 'roleIds']).where('userId', '=', users.lina.userId).executeTakeFirstOrThrow();
    expect(stored.phone).toBe('13900000003');
    expect(String(stored.roleIds)).toBe(before);
    const lina = await s.login('lina');
    expect((await s.get(lina, '/get/hr/getHrContractList')).status).toBe(403);

    // The system administrator can neither see nor approve security events.
    expect((await s.get(admin, '/get/system/getSecurityEventList')).status).toBe(403);
    expect((await s.post(admin, '/set/system/approveSecurityEvent', { id: eventId })).status).toBe(403);
    // The auditor may read them but not approve.
    expect((await s.get(auditor, '/get/system/getSecurityEventById', { id: eventId })).body.data.status).toBe('pending');
    expect((await s.post(auditor, '/set/system/approveSecurityEvent', { id: eventId })).status).toBe(403);

    const approved = await s.post(secadmin, '/set/system/approveSecurityEvent', { id: eventId, opinion: '同意授予人事权限' });
    expect(approved.body.code, approved.body.message).toBe(200);
    expect(approved.body.data.status).toBe('approved');
    expect((await roleIdsOf(users.lina.userId)).split(',')).toContain(hrRole);
    expect((await s.get(lina, '/get/hr/getHrContractList')).body.code).toBe(200);
    // Applied once: approving again is refused.
    expect((await s.post(secadmin, '/set/system/approveSecurityEvent', { id: eventId })).body.code).toBe(100);
  });

  it('drops a rejected change, and needs a reason to reject', async () => {
    const staffRole = await roleId('staff');
    const role = await db().selectFrom('sys_role').select(['menuIds', 'dataScope']).where('roleId', '=', staffRole).executeTakeFirstOrThrow();
    const res = await s.post(admin, '/set/system/updateRole', { id: staffRole, dataScope: '5' });
    const eventId = res.body.data.$pendingSecurityEvent as string;
    expect(eventId).toBeTruthy();
    expect((await s.post(secadmin, '/set/system/rejectSecurityEvent', { id: eventId })).body.code).toBe(100);
    expect((await s.post(secadmin, '/set/system/rejectSecurityEvent', { id: eventId, opinion: '范围过大' })).body.code).toBe(200);
    const after = await db().selectFrom('sys_role').select(['menuIds', 'dataScope']).where('roleId', '=', staffRole).executeTakeFirstOrThrow();
    expect(after).toEqual(role);
  });

  it('creates a data-permission role only when approved', async () => {
    const res = await s.post(admin, '/set/system/insertDataRole', {
      roleName: '审批中的数据权限', entityName: 'OfficeVehicleApply', dataScope: '5', userIds: [users.lina.userId],
    });
    const eventId = res.body.data.$pendingSecurityEvent as string;
    expect(eventId).toBeTruthy();
    expect(await db().selectFrom('sys_data_role').select('dataRoleId').where('roleName', '=', '审批中的数据权限').execute()).toHaveLength(0);
    expect((await s.post(secadmin, '/set/system/approveSecurityEvent', { id: eventId })).body.code).toBe(200);
    expect(await db().selectFrom('sys_data_role').select('dataRoleId').where('roleName', '=', '审批中的数据权限').execute()).toHaveLength(1);
  });

  it('keeps the logs for the auditor: the system administrator cannot read them, the auditor can only read', async () => {
    expect((await s.get(admin, '/get/system/getSysOperationLogList')).status).toBe(403);
    const logs = await s.get(auditor, '/get/system/getSysOperationLogList', { pageSize: 50 });
    expect(logs.body.code).toBe(200);
    // The approval shows in the log as applied by the security administrator.
    expect((logs.body.data.list as { detail: string | null; accountId: string }[])
      .some((l) => String(l.detail).startsWith('securityEvent:') && l.accountId === 'secadmin')).toBe(true);
    expect((await s.post(auditor, '/set/system/updateUser', { id: users.lina.userId, phone: '1' })).status).toBe(403);
    expect((await s.get(auditor, '/get/system/getRoleList')).status).toBe(403);
    const adminMenus = JSON.stringify((await s.get(admin, '/get/system/myMenus')).body.data.menu);
    expect(adminMenus).not.toContain('"systemOperationLog"');
    expect(adminMenus).not.toContain('"systemSecurityEvent"');
    const auditorMenus = JSON.stringify((await s.get(auditor, '/get/system/myMenus')).body.data.menu);
    expect(auditorMenus).toContain('"systemOperationLog"');
    expect(auditorMenus).not.toContain('"systemUser"');
  });
});
