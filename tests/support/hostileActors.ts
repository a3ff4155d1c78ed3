/**
 * The people the hostile-input suite acts as, made through the API as an installation would:
 * besides the demo's plain user, the administrator of a second unit (a unit-scoped role holding
 * every permission but the separated duties, on an account approved into that unit's tree).
 */
import { expect } from 'vitest';
import { callPath } from '../../runtime/core/naming';
import type { EntityDef } from '../../runtime/core/schema';
import type { TestServer } from './testServer';

export const OTHER_UNIT_ADMIN = { accountId: 'h7unitadmin', password: 'Other7Unit', phone: '13977770001' };
const UNIT_SCOPE = '4';

export function entityPath(s: TestServer, entity: EntityDef, kind: Parameters<typeof callPath>[2]): string {
  return callPath(s.server.ctx.registry.modules.get(entity.module)!.base, entity.name, kind);
}

/**
 * An update as the generic form sends it: the record as read by id (so whatever version the
 * server answers travels back) with the changes on top.
 */
export async function updateThroughForm(s: TestServer, token: string, entity: EntityDef, id: string, changes: Record<string, unknown>) {
  const read = await s.get(token, entityPath(s, entity, 'view'), { id });
  expect(read.body.code, read.body.message).toBe(200);
  return s.postJson(token, entityPath(s, entity, 'update'), { ...read.body.data, ...changes, [entity.key]: id, id });
}

/** Every button permission's menu id (they grant the permissions), paged through. */
async function buttonMenus(s: TestServer, admin: string): Promise<{ menuId: string; permission: string }[]> {
  const menus: { menuId: string; permission: string }[] = [];
  for (let page = 1; ; page += 1) {
    const res = await s.get(admin, '/get/system/getMenuList', { page, pageSize: 500, filterObj: { menuType: { value: 'button', operator: 'eq' } } });
    expect(res.body.code, res.body.message).toBe(200);
    menus.push(...(res.body.data.list as { menuId: string; permission: string }[]));
    if (menus.length >= res.body.data.total || res.body.data.list.length === 0) return menus;
  }
}

export interface OtherUnit { unitId: string; rootDeptId: string; roleId: string; userId: string; token: string }

/**
 * A second unit with its department tree, a unit-scoped administrator role holding every
 * permission of the ordinary modules, and an account in that unit holding the role. Accounts
 * get their unit from their department only through an approved registration.
 */
export async function createOtherUnitAdmin(s: TestServer, admin: string): Promise<OtherUnit> {
  const unit = await s.post(admin, '/set/system/insertUnit', { unitName: 'H7 外部单位', shortName: 'H7', unitType: 1 });
  expect(unit.body.code, unit.body.message).toBe(200);
  const unitId = String(unit.body.data.unitId);
  const tree = await s.post(admin, '/set/system/initDept', { unitId });
  expect(tree.body.code, tree.body.message).toBe(200);
  const rootDeptId = String(tree.body.data.rootDeptId);

  const duties = new Set([...s.server.ctx.registry.entities.values()].filter((e) => e.duty).flatMap((e) => Object.values(e.permissions)));
  const menuIds = (await buttonMenus(s, admin)).filter((m) => !duties.has(m.permission)).map((m) => m.menuId);
  const role = await s.postJson(admin, '/set/system/insertRole', { roleCode: 'h7unitadmin', roleName: 'H7 单位管理员', dataScope: UNIT_SCOPE, menuIds, status: 1 });
  expect(role.body.code, role.body.message).toBe(200);
  const roleId = String(role.body.data.roleId);

  const applied = await s.post(undefined, '/set/system/register', {
    accountId: OTHER_UNIT_ADMIN.accountId, userName: 'H7 单位管理员', phone: OTHER_UNIT_ADMIN.phone, email: 'h7unitadmin@example.com',
    password: OTHER_UNIT_ADMIN.password, password2: OTHER_UNIT_ADMIN.password, agree: '1',
  });
  expect(applied.body.code, applied.body.message).toBe(200);
  const registrationId = String(applied.body.data.registrationId);
  const registration = s.server.ctx.registry.entities.get('SysUserRegistration')!;
  const placed = await updateThroughForm(s, admin, registration, registrationId, { deptId: rootDeptId, roleIds: roleId });
  expect(placed.body.code, placed.body.message).toBe(200);
  const approved = await s.post(admin, '/set/system/approveSysUserRegistration', { id: registrationId });
  expect(approved.body.code, approved.body.message).toBe(200);
  const token = await s.login(OTHER_UNIT_ADMIN.accountId, OTHER_UNIT_ADMIN.password);
  return { unitId, rootDeptId, roleId, userId: String(approved.body.data.userId), token };
}
