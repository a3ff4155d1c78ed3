import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandGrant, grantablePermissions } from '../../runtime/core/schema';
import { grantableMenuIds, roleGrantStep, syncModuleRoles } from '../../server/seed/syncModuleRoles';
import { databasesUnderTest } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const databases = await databasesUnderTest();

/**
 * The roles a module ships in its module.json (HR staff in hr, the dispatcher and the outing
 * approver in office) are made at start with their grants, like the menus; a grant is given once
 * in the database's life, so an administrator's changes to the role survive restarts.
 */
describe.each(databases)('module roles (module.json `roles`) on $name', (database) => {
  let s: TestServer;
  const db = () => s.server.ctx.database.db;
  const role = async (code: string) => db().selectFrom('sys_role').selectAll().where('roleCode', '=', code).executeTakeFirstOrThrow();
  /** Menu entry ids by what a grant names: a button's permission, or `menu:<name>` for a page without an entity. */
  const buttons = () => grantableMenuIds(s.server.ctx);
  const declared = (code: string) => {
    const grantable = grantablePermissions(s.server.ctx.registry);
    const def = [...s.server.ctx.registry.modules.values()].flatMap((m) => m.roles).find((r) => r.code === code)!;
    return [...new Set(def.grants.flatMap((g) => expandGrant(g, grantable)))];
  };

  beforeAll(async () => { s = await startTestServer(database); });
  afterAll(async () => { await s.stop(); });

  it('creates each declared role with its name key, description, data scope and the buttons of its grants', async () => {
    const byPermission = await buttons();
    const hr = await role('hr');
    expect(hr).toMatchObject({ roleName: 'role.hr.name', remark: 'role.hr.description', dataScope: '4', status: 1 });
    const permissions = declared('hr');
    // hr:HrContract:* stands for every button of the contracts page, the my list included.
    expect(permissions).toEqual(expect.arrayContaining(['hr:HrContract:list', 'hr:HrContract:my', 'hr:HrContract:export', 'system:User:list']));
    // A page of no entity (人事分析) is granted by its menu name.
    expect(permissions).toContain('menu:hrAnalysis');
    expect(String(hr.menuIds).split(',').sort()).toEqual(permissions.map((p) => byPermission.get(p)).sort());
    const dispatcher = await role('dispatcher');
    expect(dispatcher).toMatchObject({ roleName: 'role.dispatcher.name', dataScope: '4' });
    expect(String(dispatcher.menuIds).split(',')).toContain(byPermission.get('office:OfficeVehicleApply:approve'));
    expect((await role('approver')).roleName).toBe('role.approver.name');
    const steps = (await db().selectFrom('sys_migration').select('migrationId').where('migrationId', 'like', 'role hr grant %').execute()).map((r) => r.migrationId);
    expect(steps.sort()).toEqual(permissions.map((p) => roleGrantStep('hr', p)).sort());
  });

  it('lets the holders of a module role do what it grants', async () => {
    const zhangwei = await s.login('zhangwei');
    expect((await s.get(zhangwei, '/get/hr/getHrContractList', { page: 1, pageSize: 5 })).body.code).toBe(200);
    const wangfang = await s.login('wangfang');
    expect((await s.get(wangfang, '/get/office/getOfficeVehicleApplyList', { page: 1, pageSize: 5 })).body.code).toBe(200);
  });

  it('at the next start keeps the grants an administrator added or removed, and gives a newly declared one', async () => {
    const byPermission = await buttons();
    const removed = byPermission.get('hr:HrContract:delete')!;
    const added = byPermission.get('system:Role:list')!;
    const before = String((await role('hr')).menuIds).split(',');
    const edited = [...before.filter((id) => id !== removed), added];
    await db().updateTable('sys_role').set({ menuIds: edited.join(',') }).where('roleCode', '=', 'hr').execute();
    await syncModuleRoles(s.server.ctx);
    expect(String((await role('hr')).menuIds).split(',')).toEqual(edited);

    // A permission the database has not yet been given (as after a grant is added to module.json) arrives once.
    await db().deleteFrom('sys_migration').where('migrationId', '=', roleGrantStep('hr', 'hr:HrContract:delete')).execute();
    await syncModuleRoles(s.server.ctx);
    expect(String((await role('hr')).menuIds).split(',')).toEqual([...edited, removed]);
    expect(await db().selectFrom('sys_migration').select('migrationId').where('migrationId', '=', roleGrantStep('hr', 'hr:HrContract:delete')).executeTakeFirst()).toBeDefined();
  });

  it('turns a role seeded under its Chinese name into the key, and leaves a name an administrator chose', async () => {
    await db().updateTable('sys_role').set({ roleName: '车辆调度员' }).where('roleCode', '=', 'dispatcher').execute();
    await db().updateTable('sys_role').set({ roleName: '派车组' }).where('roleCode', '=', 'approver').execute();
    await syncModuleRoles(s.server.ctx);
    expect((await role('dispatcher')).roleName).toBe('role.dispatcher.name');
    expect((await role('approver')).roleName).toBe('派车组');
  });

  it('creates a declared role missing from the database (deleted, or a new module) again, with all it declares', async () => {
    await db().deleteFrom('sys_role').where('roleCode', '=', 'approver').execute();
    await syncModuleRoles(s.server.ctx);
    const byPermission = await buttons();
    const approver = await role('approver');
    expect(approver).toMatchObject({ roleName: 'role.approver.name', dataScope: '4' });
    expect(String(approver.menuIds).split(',').sort()).toEqual(declared('approver').map((p) => byPermission.get(p)).sort());
  });
});
