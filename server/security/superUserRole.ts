import type { Kysely } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { Principal } from '../auth/Principal';
import { SUPER_ADMIN_ROLE } from '../auth/loadPrincipal';
import { systemEntity, type ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { splitIds } from '../entity/rowValues';
import { guardDutySeparation } from './dutySeparation';

/**
 * The superuser role is the one grant the User and Role update permissions must not reach: a
 * delegated user administrator giving themselves the role, or a delegated role keeper disabling,
 * renaming or deleting it, would take over (or lock out) the administrator. Only a caller who
 * holds the role may grant it, change or delete an account that holds it, or change or delete
 * the role itself. Checked by the generic writes (insert, update, import, delete) before anything
 * is written or filed for review; deletes go through guardSuperUserRoleDeletes. The same writes
 * then pass guardDutySeparation (server/security/dutySeparation.ts), for every caller.
 */
export async function guardSuperUserRole(
  ctx: ServerContext, entity: EntityDef, principal: Principal, change: { values: Record<string, unknown>; existing?: Record<string, unknown> },
  // Inside a transaction, its own connection: SQLite has one, and a second query would wait for it.
  db: Kysely<any> = ctx.database.db,
): Promise<void> {
  await guardTakeover(ctx, entity, principal, change, db);
  // Whoever writes, superusers first: the audit and security duties stay apart from the role.
  await guardDutySeparation(ctx, entity, change, db);
}

async function guardTakeover(
  ctx: ServerContext, entity: EntityDef, principal: Principal, change: { values: Record<string, unknown>; existing?: Record<string, unknown> }, db: Kysely<any>,
): Promise<void> {
  if (principal.isSuperAdmin) return;
  const roles = systemEntity(ctx, 'Role');
  const { values, existing } = change;
  if (entity.name === roles.name) {
    const touchesRole = existing?.roleCode === SUPER_ADMIN_ROLE || values.roleCode === SUPER_ADMIN_ROLE;
    if (touchesRole) throw ApiError.forbidden('people.superUser.role');
    return;
  }
  if (entity.name !== systemEntity(ctx, 'User').name) return;
  // An update that leaves the roles out keeps them.
  const before = splitIds(existing?.roleIds);
  const after = values.roleIds === undefined ? before : splitIds(values.roleIds);
  const superRoles = await superUserRoleIds(ctx, [...before, ...after], db);
  const holds = (list: string[]) => list.some((id) => superRoles.has(id));
  // A superuser's account is theirs: a new phone number or e-mail address would let its editor
  // recover the password, as a password reset would (refuseSuperUserTargets).
  if (holds(before)) throw ApiError.forbidden('people.superUser.account');
  if (holds(after)) throw ApiError.forbidden('people.superUser.grant');
}

/**
 * Deleting rows: one check for the whole batch (one query, not one per row) — the superuser role
 * itself, or any account that holds it, stays unless the caller is a superuser.
 */
export async function guardSuperUserRoleDeletes(
  ctx: ServerContext, entity: EntityDef, principal: Principal, rows: Record<string, unknown>[], db: Kysely<any> = ctx.database.db,
): Promise<void> {
  if (principal.isSuperAdmin) return;
  if (entity.name === systemEntity(ctx, 'Role').name) {
    if (rows.some((row) => row.roleCode === SUPER_ADMIN_ROLE)) throw ApiError.forbidden('people.superUser.role');
    return;
  }
  if (entity.name === systemEntity(ctx, 'User').name) await refuseSuperUserTargets(ctx, principal, rows, 'people.superUser.account', db);
}

/**
 * Calls that take over another account (initialise it, reset its password, end its sessions,
 * delete it) may not reach an account of the superuser role unless the caller holds that role
 * too: the User update permission alone must not be a way to become the administrator. 403 with
 * `messageKey`.
 */
export async function refuseSuperUserTargets(
  ctx: ServerContext, principal: Principal, users: { roleIds?: unknown }[], messageKey: string, db: Kysely<any> = ctx.database.db,
): Promise<void> {
  if (principal.isSuperAdmin) return;
  const superIds = await superUserRoleIds(ctx, users.flatMap((u) => splitIds(u.roleIds)), db);
  if (users.some((u) => splitIds(u.roleIds).some((id) => superIds.has(id)))) throw ApiError.forbidden(messageKey);
}

/** Which of these role ids are the superuser role (one query; none asked for, none answered). */
export async function superUserRoleIds(ctx: ServerContext, roleIds: string[], db: Kysely<any> = ctx.database.db): Promise<Set<string>> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(systemEntity(ctx, 'Role').table).select('roleId')
    .where('roleId', 'in', ids).where('roleCode', '=', SUPER_ADMIN_ROLE).execute();
  return new Set(rows.map((r) => String(r.roleId)));
}
