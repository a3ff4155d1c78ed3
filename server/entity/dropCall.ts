import type { EntityDef } from '../../runtime/core/schema';
import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { recordOperation } from '../audit/recordOperation';
import { rowScopeFor } from './dataScope';
import { loadScopedRow } from './loadScopedRow';
import { rowToApi } from './rowValues';
import { nextRowVersion } from './rowVersion';

const POSITIONS = ['before', 'after', 'inner'] as const;
type Position = (typeof POSITIONS)[number];

/**
 * Drag sort (`drop{E}`, the spec's dropHrDic pattern) for entities with a sort field: the row
 * moves before or after a target among the target's siblings, or into the target (trees), and
 * the siblings are renumbered 0…n in one transaction so the order has no ties or gaps.
 */
export function dropCall(entity: EntityDef): CallHandler {
  const sortField = entity.sortField!;
  const parentField = entity.parentField;
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, entity.permissions.update);
      const id = String(request.params.id ?? '');
      const targetId = String(request.params.targetId ?? '');
      const position = String(request.params.position ?? 'before') as Position;
      if (!id || !targetId || !POSITIONS.includes(position)) throw ApiError.business('error.dropArguments');
      if (id === targetId) throw ApiError.business('error.parentIsSelf');
      if (position === 'inner' && !parentField) throw ApiError.business('error.dropArguments');
      const { ctx } = request;
      const scope = await rowScopeFor(ctx, entity, principal, 'manage');
      const dragged = rowToApi(entity, await loadScopedRow(ctx, entity, id, scope));
      const target = rowToApi(entity, await loadScopedRow(ctx, entity, targetId, scope));
      const newParent = parentField ? (position === 'inner' ? targetId : (target[parentField] as string | null) ?? null) : null;

      if (parentField && newParent) {
        // Refuse moving a node under itself or its own descendant: the tree would lose a branch.
        let cursor: string | null = newParent;
        for (let depth = 0; cursor && depth < 1000; depth += 1) {
          if (cursor === id) throw ApiError.business('error.dropIntoOwnBranch');
          const up = await ctx.database.db.selectFrom(entity.table).select(parentField).where(entity.key, '=', cursor).executeTakeFirst();
          cursor = up ? (up[parentField] as string | null) : null;
        }
      }

      await ctx.database.db.transaction().execute(async (trx) => {
        let siblingsQuery = trx.selectFrom(entity.table).select([entity.key, sortField]).where(entity.key, '<>', id);
        if (parentField) siblingsQuery = newParent ? siblingsQuery.where(parentField, '=', newParent) : siblingsQuery.where(parentField, 'is', null);
        const siblings = (await siblingsQuery.orderBy(sortField, 'asc').orderBy(entity.key, 'asc').execute()).map((r) => String(r[entity.key]));
        const at = position === 'inner' ? siblings.length
          : siblings.indexOf(targetId) + (position === 'after' ? 1 : 0);
        siblings.splice(Math.max(0, at), 0, id);
        const now = nowText();
        for (const [index, key] of siblings.entries()) {
          // Every row whose order is rewritten moves on a version: a form read before would put the old order back.
          const set: Record<string, unknown> = { [sortField]: index, ...nextRowVersion() };
          if (key === id) {
            set.updateTime = now;
            if (parentField) set[parentField] = newParent;
          }
          await trx.updateTable(entity.table).set(set).where(entity.key, '=', key).execute();
        }
        await recordOperation(trx, principal, {
          entity, action: 'update', recordId: id, detail: `drop:${position}:${targetId}`, before: dragged,
          after: { ...dragged, [sortField]: siblings.indexOf(id), ...(parentField ? { [parentField]: newParent } : {}) },
        }, request.raw.ip);
      });
      return { id, targetId, position };
    },
  };
}
