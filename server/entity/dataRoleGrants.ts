import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { DATA_SCOPES, type DataScope, type Principal } from '../auth/Principal';
import { splitIds } from './rowValues';
import { memoWithPrincipals } from '../auth/principalCache';

export interface ScopeGrant { scope: DataScope; deptIds?: string[] }

const VALID = new Set<number>(Object.values(DATA_SCOPES));

/**
 * The data-permission (operation) roles that apply to this user for this entity: enabled ones
 * naming the entity and either the user or one of the user's roles.
 */
export async function dataRoleGrants(ctx: ServerContext, entity: EntityDef, principal: Principal): Promise<ScopeGrant[]> {
  const dataRole = ctx.registry.entities.get('DataRole');
  if (!dataRole) return [];
  // The entity's enabled data roles, shared by every user until a data role changes.
  const rows = await memoWithPrincipals(ctx, `dataRoles:${entity.name}`, () => ctx.database.db.selectFrom(dataRole.table)
    .select(['dataScope', 'deptIds', 'userIds', 'roleIds'])
    .where('entityName', '=', entity.name).where('status', '=', 1).execute());
  const roles = new Set(principal.roleIds);
  return rows
    .filter((r) => splitIds(r.userIds).includes(principal.userId) || splitIds(r.roleIds).some((id) => roles.has(id)))
    .map((r) => ({ scope: Number(r.dataScope) as DataScope, deptIds: splitIds(r.deptIds) }))
    .filter((g) => VALID.has(g.scope));
}
