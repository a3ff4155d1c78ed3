import type { SelectQueryBuilder } from 'kysely';
import type { EntityDef } from '../../../runtime/core/schema';
import type { CallRequest } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { readableScope } from '../../entity/readCalls';
import { readListQuery } from '../../entity/listQuery';
import { applyListConditions, orderSql, type PagedRows } from '../../entity/listRows';
import { listTotal } from '../../entity/listTotal';
import { rowToApi } from '../../entity/rowValues';
import { attachDisplayNames } from '../../entity/displayNames';

type Narrow = (query: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>;

/**
 * A page of an entity's rows narrowed by a named call's own condition (users of a department,
 * approved requests …), read as the generic by-id reads: whatever the caller's list, view or my
 * permission lets them read, in their data scope, with the usual paging, sort, keyword and filters.
 */
export async function scopedRows(request: CallRequest, entity: EntityDef, narrow: Narrow): Promise<PagedRows> {
  const principal = requirePrincipal(request);
  const scope = await readableScope(request.ctx, entity, principal);
  if (!scope) throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.list });
  const q = readListQuery(entity, request.params);
  const { db } = request.ctx.database;
  const matching = () => applyListConditions(narrow(db.selectFrom(entity.table)), request.ctx, entity, scope, q);
  const rows = await matching().selectAll()
    .orderBy(orderSql(q.sort.prop, q.sort.order)).orderBy(orderSql(entity.key, q.sort.order))
    .limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute();
  const total = await listTotal(db, matching, q, rows.length);
  const list = rows.map((r) => rowToApi(entity, r as Record<string, unknown>));
  await attachDisplayNames(request.ctx, entity, list, request.lang);
  return { list, ...total, summary: {} };
}

/** A request parameter holding ids: `a,b`, an array, or `ids[]` as the form body sends it. */
export function idsParam(params: Record<string, unknown>, name: string): string[] {
  const raw = params[name] ?? params[`${name}[]`];
  const values = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : String(raw).split(',');
  return [...new Set(values.map((v) => String(v).trim()).filter(Boolean))];
}

/** A required text parameter, or code 100 naming it. */
export function textParam(request: CallRequest, name: string): string {
  const value = request.params[name];
  if (value === undefined || value === null || String(value).trim() === '') throw ApiError.business('hr.error.paramRequired', { name });
  return String(value).trim();
}
