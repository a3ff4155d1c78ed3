import type { EntityDef } from '../../runtime/core/schema';
import type { Principal } from '../auth/Principal';
import { hasAnyPermission } from '../calls/requirePrincipal';
import type { ServerContext } from '../context';
import { rowScopeFor, type RowScope } from './dataScope';

/**
 * What a user may read of an entity by the generic rule: rows in the manage scope when they hold
 * `list` or `view`, plus their own rows (the my-list owner) when they hold `my`. A staff member
 * reads their own contract by id even though HR created it. Undefined when they may read none.
 * (A module's own reading rule widens it: entity/extraReadRules.ts.)
 */
export async function readableScope(ctx: ServerContext, entity: EntityDef, principal: Principal): Promise<RowScope | undefined> {
  const manage = hasAnyPermission(principal, [entity.permissions.list, entity.permissions.view])
    ? await rowScopeFor(ctx, entity, principal, 'manage') : undefined;
  const mine = entity.list.scopes.my && principal.permissions.has(entity.permissions.my)
    ? await rowScopeFor(ctx, entity, principal, 'my') : undefined;
  if (manage && mine) {
    return {
      condition: manage.condition && mine.condition ? (eb) => eb.or([manage.condition!(eb), mine.condition!(eb)]) : undefined,
      allows: (row) => manage.allows(row) || mine.allows(row),
    };
  }
  return manage ?? mine;
}
