import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { DATA_SCOPES, type DataScope, type Principal } from '../auth/Principal';
import { deptSubtree } from './deptSubtree';
import { dataRoleGrants, type ScopeGrant } from './dataRoleGrants';
import { myRowScope } from './participantScope';

/**
 * Which rows of an entity a user may touch: the same condition limits list, by-id, update,
 * delete, export and select calls, so no call can reach a row the list would not show.
 */
export interface RowScope {
  /** undefined = every row. */
  condition?: (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
  /** Same rule in memory, for a row already loaded. */
  allows(row: Record<string, unknown>): boolean;
}

const EVERYTHING: RowScope = { allows: () => true };
const NOTHING: RowScope = { condition: () => sql<SqlBool>`1 = 0`, allows: () => false };

function deptScope(depts: string[]): RowScope {
  if (depts.length === 0) return NOTHING;
  const set = new Set(depts);
  return { condition: (eb) => eb('createDept', 'in', depts), allows: (row) => set.has(String(row.createDept)) };
}

async function scopeOfGrant(ctx: ServerContext, principal: Principal, grant: ScopeGrant): Promise<RowScope> {
  const scope: DataScope = grant.scope;
  switch (scope) {
    case DATA_SCOPES.all:
      return EVERYTHING;
    case DATA_SCOPES.unit:
      return { condition: (eb) => eb('unitId', '=', principal.unitId), allows: (row) => row.unitId === principal.unitId };
    case DATA_SCOPES.deptAndBelow:
      return deptScope(await deptSubtree(ctx, principal.deptId));
    case DATA_SCOPES.dept:
      return deptScope(principal.deptId ? [principal.deptId] : []);
    case DATA_SCOPES.custom:
      return deptScope(grant.deptIds ?? []);
    case DATA_SCOPES.own:
      return ownRows(principal);
    default: {
      const unreachable: never = scope;
      throw new Error(`unknown data scope ${String(unreachable)}`);
    }
  }
}

function ownRows(principal: Principal): RowScope {
  return { condition: (eb) => eb('createUser', '=', principal.userId), allows: (row) => row.createUser === principal.userId };
}

/** Several grants (roles, data roles) add up: a row is reachable when any grant reaches it. */
function union(scopes: RowScope[]): RowScope {
  if (scopes.some((s) => !s.condition)) return EVERYTHING;
  if (scopes.length === 1) return scopes[0];
  return {
    condition: (eb) => eb.or(scopes.map((s) => s.condition!(eb))),
    allows: (row) => scopes.some((s) => s.allows(row)),
  };
}

/**
 * The manage scope: data-permission roles written for this entity replace, for it, the scope
 * the user's ordinary roles give (the specific rule wins over the general one); the `my` scope
 * is the list owner field or a participant (reads only: no write call asks for it). A personal entity's rows are their creator's in every mode, for
 * everyone (the superuser included).
 */
export async function rowScopeFor(ctx: ServerContext, entity: EntityDef, principal: Principal, mode: 'manage' | 'my'): Promise<RowScope> {
  if (entity.personal) return ownRows(principal);
  if (mode === 'my') return myRowScope(ctx.database.dialect, entity, principal.userId);
  if (!entity.dataScope || principal.isSuperAdmin) return EVERYTHING;
  const grants = await dataRoleGrants(ctx, entity, principal);
  const effective = grants.length ? grants : [{ scope: roleScopeFor(principal, entity) }];
  return union(await Promise.all(effective.map((g) => scopeOfGrant(ctx, principal, g))));
}

/**
 * The scope the user's ordinary roles give for one entity: the widest among the roles granting
 * any of its permissions, own rows when none does. A role reaches only what it grants: its scope
 * never widens another module's entities.
 */
export function roleScopeFor(principal: Principal, entity: EntityDef): DataScope {
  if (principal.isSuperAdmin) return DATA_SCOPES.all;
  let widest: number = DATA_SCOPES.own;
  for (const permission of Object.values(entity.permissions)) widest = Math.max(widest, principal.scopeByPermission.get(permission) ?? 0);
  return widest as DataScope;
}
