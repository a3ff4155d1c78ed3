import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { DATA_SCOPES, type Principal } from '../auth/Principal';
import { deptSubtree } from './deptSubtree';

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

export async function rowScopeFor(ctx: ServerContext, entity: EntityDef, principal: Principal, mode: 'manage' | 'my'): Promise<RowScope> {
  if (mode === 'my') {
    const owner = entity.list.scopes.my?.ownerField ?? 'createUser';
    return { condition: (eb) => eb(owner, '=', principal.userId), allows: (row) => row[owner] === principal.userId };
  }
  if (!entity.dataScope) return EVERYTHING;
  switch (principal.dataScope) {
    case DATA_SCOPES.all:
      return EVERYTHING;
    case DATA_SCOPES.unit:
      return { condition: (eb) => eb('unitId', '=', principal.unitId), allows: (row) => row.unitId === principal.unitId };
    case DATA_SCOPES.deptAndBelow: {
      const depts = await deptSubtree(ctx, principal.deptId);
      const set = new Set(depts);
      return {
        condition: (eb) => (depts.length ? eb('createDept', 'in', depts) : sql<SqlBool>`1 = 0`),
        allows: (row) => set.has(String(row.createDept)),
      };
    }
    case DATA_SCOPES.dept:
      return { condition: (eb) => eb('createDept', '=', principal.deptId), allows: (row) => row.createDept === principal.deptId };
    case DATA_SCOPES.own:
      return { condition: (eb) => eb('createUser', '=', principal.userId), allows: (row) => row.createUser === principal.userId };
    default: {
      const unreachable: never = principal.dataScope;
      throw new Error(`unknown data scope ${String(unreachable)}`);
    }
  }
}
