import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { RowScope } from '../../entity/dataScope';
import { readListQuery } from '../../entity/listQuery';
import { listRows } from '../../entity/listRows';
import { requireEntity } from './requireEntity';

/**
 * A list call of an entity over rows chosen by who asks (我负责的, 我督办的, 共享给我的, 下属的):
 * the generic list's paging, sort, keyword and filters over `scopeOf(principal)`, for holders of
 * the entity's `my` permission.
 */
export function namedListCall(entityName: string, scopeOf: (ctx: ServerContext, principal: Principal) => Promise<RowScope>): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const entity = requireEntity(request.ctx, entityName);
      requirePermission(principal, entity.permissions.my);
      const scope = await scopeOf(request.ctx, principal);
      return listRows(request.ctx, entity, scope, readListQuery(entity, request.params), request.lang);
    },
  };
}

/** Rows whose user field `field` is the caller. */
export function userFieldScope(field: string) {
  return async (_ctx: ServerContext, principal: Principal): Promise<RowScope> => ({
    condition: (eb) => eb(field, '=', principal.userId),
    allows: (row) => row[field] === principal.userId,
  });
}
