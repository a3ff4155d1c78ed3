import type { Kysely } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import { SUPER_ADMIN_ROLE } from '../auth/loadPrincipal';
import { systemEntity, type ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { splitIds } from '../entity/rowValues';
import { dutiesOf } from './dutyPermissions';

/**
 * Three-role security keeps the audit and security duties away from the superuser: no account
 * holding the superuser role, and no role that is it, may hold a duty permission (buildPrincipal
 * never gives one to a superuser or a login-as session, whatever the tables say). These checks
 * refuse, with a message, the writes that would say otherwise — a role's buttons, a user's roles,
 * a button's permission string, a reserved role code — when they are made and again when an
 * approved security event applies them (the tables may have moved in between).
 */
export async function guardDutySeparation(
  ctx: ServerContext, entity: EntityDef, change: { values: Record<string, unknown>; existing?: Record<string, unknown> },
  db: Kysely<any> = ctx.database.db,
): Promise<void> {
  const { values, existing } = change;
  if (entity.name === systemEntity(ctx, 'Role').name) await guardRole(ctx, db, values, existing);
  else if (entity.name === systemEntity(ctx, 'User').name) await guardUser(ctx, db, values, existing);
  else if (entity.name === systemEntity(ctx, 'Menu').name) await guardMenu(ctx, db, values, existing);
}

/** Whether this account holds a duty role: one a duty flow names, or one granting a duty permission. */
export async function holdsDutyRole(ctx: ServerContext, roleIds: unknown, db: Kysely<any> = ctx.database.db): Promise<boolean> {
  return (await dutyRoleIds(ctx, db, splitIds(roleIds))).size > 0;
}

/**
 * Whether the write changes this field (ids compared as sets): a form re-sends every field, and a
 * record that predates these checks must stay editable in its other fields.
 */
function changes(values: Record<string, unknown>, existing: Record<string, unknown> | undefined, name: string): boolean {
  if (values[name] === undefined) return false;
  const norm = (v: unknown) => (name.endsWith('Ids') ? splitIds(v).sort().join(',') : String(v ?? ''));
  return existing === undefined || norm(values[name]) !== norm(existing[name]);
}

const isReservedCode = (ctx: ServerContext, code: unknown) => code === SUPER_ADMIN_ROLE || dutiesOf(ctx.registry).roleCodes.has(String(code));

async function guardRole(ctx: ServerContext, db: Kysely<any>, values: Record<string, unknown>, existing?: Record<string, unknown>): Promise<void> {
  // A role's code is what makes it the superuser role or the security administrator: renaming
  // the staff role to `admin` would make every staff member a superuser.
  if (existing && changes(values, existing, 'roleCode')
    && (isReservedCode(ctx, existing.roleCode) || isReservedCode(ctx, values.roleCode))) {
    throw ApiError.business('dutySeparation.reservedRoleCode', { code: String(isReservedCode(ctx, existing.roleCode) ? existing.roleCode : values.roleCode) });
  }
  if (!changes(values, existing, 'menuIds') && !changes(values, existing, 'roleCode')) return;
  const after = { ...existing, ...values };
  const menuIds = splitIds(after.menuIds);
  if ((await dutyButtons(ctx, db, menuIds)).size === 0) return;
  if (after.roleCode === SUPER_ADMIN_ROLE) throw ApiError.business('dutySeparation.superUserRole');
  const roleId = existing ? String(existing.roleId ?? '') : '';
  if (roleId && (await rolesBesideSuperUser(ctx, db)).has(roleId)) throw ApiError.business('dutySeparation.superUserHolder');
}

async function guardUser(ctx: ServerContext, db: Kysely<any>, values: Record<string, unknown>, existing?: Record<string, unknown>): Promise<void> {
  if (!changes(values, existing, 'roleIds')) return;
  const roleIds = splitIds(values.roleIds);
  if (roleIds.length < 2) return;
  const supers = await superRoleIds(ctx, db);
  if (!roleIds.some((id) => supers.has(id))) return;
  if ((await dutyRoleIds(ctx, db, roleIds.filter((id) => !supers.has(id)))).size > 0) throw ApiError.business('dutySeparation.superUserAccount');
}

async function guardMenu(ctx: ServerContext, db: Kysely<any>, values: Record<string, unknown>, existing?: Record<string, unknown>): Promise<void> {
  // A new entry is held by no role yet; granting it later goes through guardRole.
  if (!existing || (!changes(values, existing, 'permission') && !changes(values, existing, 'menuType'))) return;
  const after = { ...existing, ...values };
  if (after.menuType !== 'button' || !dutiesOf(ctx.registry).permissions.has(String(after.permission ?? ''))) return;
  const menuId = String(existing.menuId ?? '');
  const barred = new Set([...(await superRoleIds(ctx, db)), ...(await rolesBesideSuperUser(ctx, db))]);
  if (barred.size === 0) return;
  const holders = await db.selectFrom(systemEntity(ctx, 'Role').table).select(['roleId', 'menuIds'])
    .where('roleId', 'in', [...barred]).execute();
  if (holders.some((r) => splitIds(r.menuIds).includes(menuId))) throw ApiError.business('dutySeparation.menu');
}

/** Which of these menu ids are buttons granting a duty permission (one query). */
async function dutyButtons(ctx: ServerContext, db: Kysely<any>, menuIds: string[]): Promise<Set<string>> {
  const permissions = [...dutiesOf(ctx.registry).permissions];
  if (menuIds.length === 0 || permissions.length === 0) return new Set();
  const rows = await db.selectFrom(systemEntity(ctx, 'Menu').table).select('menuId')
    .where('menuId', 'in', [...new Set(menuIds)]).where('menuType', '=', 'button').where('permission', 'in', permissions).execute();
  return new Set(rows.map((r) => String(r.menuId)));
}

/** The duty roles among these: named by a duty flow, or holding a duty button (enabled or not). */
async function dutyRoleIds(ctx: ServerContext, db: Kysely<any>, roleIds: string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const roles = await db.selectFrom(systemEntity(ctx, 'Role').table).select(['roleId', 'roleCode', 'menuIds'])
    .where('roleId', 'in', [...new Set(roleIds)]).execute();
  const buttons = await dutyButtons(ctx, db, roles.flatMap((r) => splitIds(r.menuIds)));
  const codes = dutiesOf(ctx.registry).roleCodes;
  return new Set(roles.filter((r) => codes.has(String(r.roleCode)) || splitIds(r.menuIds).some((id) => buttons.has(id)))
    .map((r) => String(r.roleId)));
}

async function superRoleIds(ctx: ServerContext, db: Kysely<any>): Promise<Set<string>> {
  const rows = await db.selectFrom(systemEntity(ctx, 'Role').table).select('roleId').where('roleCode', '=', SUPER_ADMIN_ROLE).execute();
  return new Set(rows.map((r) => String(r.roleId)));
}

/** Roles held by an account that also holds the superuser role. */
async function rolesBesideSuperUser(ctx: ServerContext, db: Kysely<any>): Promise<Set<string>> {
  const supers = await superRoleIds(ctx, db);
  const held = new Set<string>();
  for (const id of supers) {
    // LIKE narrows the scan (an id's `_` only widens it); the split keeps exact ids alone.
    const users = await db.selectFrom(systemEntity(ctx, 'User').table).select('roleIds').where('roleIds', 'like', `%${id}%`).execute();
    for (const user of users) {
      const ids = splitIds(user.roleIds);
      if (ids.includes(id)) ids.filter((other) => !supers.has(other)).forEach((other) => held.add(other));
    }
  }
  return held;
}
