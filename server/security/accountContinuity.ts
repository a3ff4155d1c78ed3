import type { Kysely } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { Principal } from '../auth/Principal';
import { SUPER_ADMIN_ROLE } from '../auth/loadPrincipal';
import { systemEntity, type ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { splitIds } from '../entity/rowValues';

/**
 * The suite must always keep someone able to administer it, and nobody may lock themselves out
 * by a slip of the mouse: an account cannot delete or disable itself, the last active account
 * holding the superuser role cannot lose it (by delete, disable or a role change), and the
 * superuser role itself cannot be deleted or disabled. Checked by the generic update and delete
 * (single and batch) and when the security administrator's approval applies a role change.
 * Imports only insert accounts, so they cannot remove one.
 */

type Row = Record<string, unknown>;

const isActive = (row: Row) => Number(row.status) === 1;

async function superRoleIds(ctx: ServerContext, db: Kysely<any>): Promise<Set<string>> {
  const rows = await db.selectFrom(systemEntity(ctx, 'Role').table).select('roleId').where('roleCode', '=', SUPER_ADMIN_ROLE).execute();
  return new Set(rows.map((r) => String(r.roleId)));
}

const holdsSuperRole = (row: Row, superIds: Set<string>) => isActive(row) && splitIds(row.roleIds).some((id) => superIds.has(id));

/** Refuses when, apart from `leaving`, no active account holds the superuser role. */
async function keepOneSuperUser(ctx: ServerContext, leaving: Set<string>, superIds: Set<string>, db: Kysely<any>): Promise<void> {
  const users = systemEntity(ctx, 'User');
  // Few accounts hold the role: read the active ones whose role list mentions any of its ids.
  const candidates = await db.selectFrom(users.table).select(['userId', 'roleIds', 'status']).where('status', '=', 1)
    .where((eb) => eb.or([...superIds].map((id) => eb('roleIds', 'like', `%${id}%`)))).execute();
  const remaining = candidates.filter((u) => !leaving.has(String(u.userId)) && holdsSuperRole(u, superIds));
  if (remaining.length === 0) throw ApiError.business('people.continuity.lastSuperUser');
}

/** An update of an account (status, roles) or of the superuser role (status). */
export async function guardAccountContinuity(
  ctx: ServerContext, entity: EntityDef, principal: Principal | undefined, change: { values: Row; existing: Row }, db: Kysely<any> = ctx.database.db,
): Promise<void> {
  const { values, existing } = change;
  const after = { ...existing, ...values };
  if (entity.name === systemEntity(ctx, 'Role').name) {
    if (existing.roleCode === SUPER_ADMIN_ROLE && !isActive(after)) throw ApiError.business('people.continuity.superRole');
    return;
  }
  if (entity.name !== systemEntity(ctx, 'User').name) return;
  if (principal && existing.userId === principal.userId && isActive(existing) && !isActive(after)) {
    throw ApiError.business('people.continuity.disableSelf');
  }
  if (values.status === undefined && values.roleIds === undefined) return;
  const superIds = await superRoleIds(ctx, db);
  if (holdsSuperRole(existing, superIds) && !holdsSuperRole(after, superIds)) {
    await keepOneSuperUser(ctx, new Set([String(existing.userId)]), superIds, db);
  }
}

/** A delete (single or batch) of accounts, or of roles. */
export async function guardAccountContinuityDeletes(
  ctx: ServerContext, entity: EntityDef, principal: Principal, rows: Row[], db: Kysely<any> = ctx.database.db,
): Promise<void> {
  if (entity.name === systemEntity(ctx, 'Role').name) {
    if (rows.some((row) => row.roleCode === SUPER_ADMIN_ROLE)) throw ApiError.business('people.continuity.superRole');
    return;
  }
  if (entity.name !== systemEntity(ctx, 'User').name) return;
  if (rows.some((row) => row.userId === principal.userId)) throw ApiError.business('people.continuity.deleteSelf');
  const superIds = await superRoleIds(ctx, db);
  const leaving = rows.filter((row) => holdsSuperRole(row, superIds));
  if (leaving.length) await keepOneSuperUser(ctx, new Set(leaving.map((row) => String(row.userId))), superIds, db);
}
