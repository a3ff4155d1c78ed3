import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import type { RowScope } from './dataScope';

/** The key a call names: `id`, or the entity's own key field (e.g. `contractId`). */
export function readKey(entity: EntityDef, params: Record<string, unknown>): string {
  const value = params[entity.key] ?? params.id;
  if (value === undefined || value === null || String(value).trim() === '') {
    throw ApiError.business('error.missingId', { key: entity.key });
  }
  return String(value);
}

/** 404 when the row does not exist, 403 when it exists outside the caller's scope. */
export async function loadScopedRow(ctx: ServerContext, entity: EntityDef, id: string, scope: RowScope): Promise<Record<string, unknown>> {
  const row = await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, '=', id).executeTakeFirst();
  if (!row) throw ApiError.notFound('error.recordNotFound');
  if (!scope.allows(row)) throw ApiError.forbidden('error.outOfScope');
  return row;
}
