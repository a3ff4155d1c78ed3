import { sql, type SelectQueryBuilder } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import type { RowScope } from './dataScope';
import type { ListQuery } from './listQuery';
import { predicateToSql, containsCi } from './predicatesToSql';
import { rowToApi } from './rowValues';
import { attachDisplayNames } from './displayNames';
import { keysWhoseTextContains } from './translatedKeys';

export interface PagedRows {
  list: Record<string, unknown>[];
  total: number;
  /** Sums of the money fields over every matching row (not just the page). */
  summary: Record<string, number>;
}

/**
 * The WHERE shared by the count, the page and the export: scope ∧ keyword ∧ every filter. A
 * keyword searches the keyword fields the caller's answer holds (readListQuery) and also finds
 * a `translated` field's rows by what the user reads (人力资源 finds menu.hr).
 */
export function applyListConditions<QB extends SelectQueryBuilder<any, any, any>>(
  query: QB, ctx: ServerContext, entity: EntityDef, scope: RowScope, q: Pick<ListQuery, 'keyword' | 'keywordFields' | 'predicates'>,
): QB {
  const { dialect } = ctx.database;
  const fields = new Map(entity.fields.map((f) => [f.name, f]));
  let out = query;
  if (scope.condition) out = out.where(scope.condition) as QB;
  if (q.keyword && q.keywordFields.length) {
    const translated = q.keywordFields.some((f) => fields.get(f)?.translated);
    const keys = translated ? keysWhoseTextContains(ctx.i18n, q.keyword) : [];
    out = out.where((eb) => eb.or(q.keywordFields.flatMap((f) => [
      containsCi(eb, dialect, f, q.keyword),
      ...(fields.get(f)?.translated && keys.length > 0 ? [eb(f, 'in', keys)] : []),
    ]))) as QB;
  }
  for (const predicate of q.predicates) out = out.where((eb) => predicateToSql(eb, dialect, fields.get(predicate.field), predicate)) as QB;
  return out;
}

/** Empty values sort first ascending and last descending, the same on both databases. */
export function orderSql(column: string, order: 'ascending' | 'descending') {
  return order === 'descending' ? sql`${sql.ref(column)} desc nulls last` : sql`${sql.ref(column)} asc nulls first`;
}

export async function listRows(ctx: ServerContext, entity: EntityDef, scope: RowScope, q: ListQuery): Promise<PagedRows> {
  const { db } = ctx.database;
  const moneyFields = entity.fields.filter((f) => f.type === 'money').map((f) => f.name);
  // One aggregate query gives the total and the money sums together.
  const totals = await applyListConditions(db.selectFrom(entity.table), ctx, entity, scope, q)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      ...moneyFields.map((f) => eb.fn.sum<number>(f).as(f)),
    ])
    .executeTakeFirst();
  const total = Number(totals?.total ?? 0);
  const summary: Record<string, number> = {};
  for (const f of moneyFields) summary[f] = Math.round(Number(totals?.[f] ?? 0) * 100) / 100;
  if (total === 0) return { list: [], total, summary };

  const rows = await applyListConditions(db.selectFrom(entity.table).selectAll(), ctx, entity, scope, q)
    .orderBy(orderSql(q.sort.prop, q.sort.order))
    // The key breaks ties so paging never repeats or skips a row.
    .orderBy(orderSql(entity.key, q.sort.order))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const list = rows.map((r) => rowToApi(entity, r));
  await attachDisplayNames(ctx, entity, list);
  return { list, total, summary };
}
