import { callName } from '../../../runtime/core/naming';
import type { Principal } from '../../auth/Principal';
import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import { rowScopeFor, type RowScope } from '../../entity/dataScope';
import { attachDisplayNames } from '../../entity/displayNames';
import { readListQuery } from '../../entity/listQuery';
import { listRows } from '../../entity/listRows';
import { loadScopedRow, readKey } from '../../entity/loadScopedRow';
import { eitherScope, registerExtraReadRule, widenedReadScope } from '../../entity/extraReadRules';
import { rowToApi } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';
import { baseOf, requireEntity } from './requireEntity';

/**
 * Rows of the caller's unit published to everyone there (an open government item, a leader's
 * public activity), read by the holders of the entity's `my` permission besides their own rows.
 */
export type PublishedRule = (principal: Principal) => RowScope;

/** Every row of the caller's unit: what the unit publishes to all (shared websites, the 大事记). */
export function allOfUnit(): PublishedRule {
  return (principal) => ({
    condition: (eb) => eb('unitId', '=', principal.unitId),
    allows: (row) => row.unitId === principal.unitId,
  });
}

/** Rows of the caller's unit whose switch `field` is on. */
export function publishedInUnit(field: string): PublishedRule {
  return (principal) => ({
    condition: (eb) => eb.and([eb('unitId', '=', principal.unitId), eb(field, '=', 1)]),
    allows: (row) => row.unitId === principal.unitId && Number(row[field]) === 1,
  });
}

/** What a holder of `my` reads: their own rows (owner or participant) or the published ones. */
async function myReadScope(ctx: ServerContext, entityName: string, principal: Principal, rule: PublishedRule): Promise<RowScope> {
  const entity = requireEntity(ctx, entityName);
  return eitherScope(await rowScopeFor(ctx, entity, principal, 'my'), rule(principal));
}

/**
 * Widens the generic my list and by-id call of an entity with a published rule: the my list (the
 * 我的 tab staff see) lists the caller's own rows and the published ones; by id answers a row the
 * generic rule (manage scope, owner, participant) or the published rule lets the caller read. The
 * answers are the generic ones (paging, sort, filters, display names); these entities have no flow.
 */
export function widenPublishedReads(table: CallTable, ctx: ServerContext, entityName: string, rule: PublishedRule): void {
  const entity = requireEntity(ctx, entityName);
  const base = baseOf(ctx, entity);
  const myList: CallHandler = {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.my);
      const scope = await myReadScope(request.ctx, entityName, principal, rule);
      return listRows(request.ctx, entity, scope, readListQuery(entity, request.params), request.lang);
    },
  };
  const byId: CallHandler = {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const scope = await widenedReadScope(request.ctx, entity, principal);
      if (!scope) throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.view });
      const row = rowToApi(entity, await loadScopedRow(request.ctx, entity, readKey(entity, request.params), scope));
      await attachDisplayNames(request.ctx, entity, [row], request.lang);
      return row;
    },
  };
  // The same rule lends the published rows' files to their readers (server/entity/extraReadRules.ts).
  registerExtraReadRule(entityName, async (_ctx, principal) => (principal.permissions.has(entity.permissions.my) ? rule(principal) : undefined));
  table.set(callKey('get', base, callName(entityName, 'my')), myList);
  table.set(callKey('get', base, callName(entityName, 'view')), byId);
}
