import { expressionBuilder, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import type { Lang } from '../http/serverI18n';
import type { RowScope } from './dataScope';
import type { ListQuery } from './listQuery';
import { predicateToSql } from './predicatesToSql';
import { rowToApi } from './rowValues';
import { attachDisplayNames } from './displayNames';
import { keywordCondition, keywordDrivenRows, preparePgKeywordPlan } from './keywordSearch';
import { listSummary, listTotal, type ListTotal } from './listTotal';
import { clearlyOverCap } from './totalEstimate';

export interface PagedRows extends ListTotal {
  list: Record<string, unknown>[];
  /** Sums of the money fields over every matching row (not just the page); {} unless asked (`summary=1`). */
  summary: Record<string, number>;
}

type Condition = Expression<SqlBool>;

/**
 * The WHERE shared by the count, the page and the export: scope ∧ keyword ∧ every filter. A
 * keyword searches the keyword fields the caller's answer holds (readListQuery) and also finds
 * a `translated` field's rows by what the user reads (人力资源 finds menu.hr). Built once per call
 * and put on each of its statements (page, count, sample): building them again for each showed in
 * bench/list's profile.
 */
export function listConditions(ctx: ServerContext, entity: EntityDef, scope: RowScope, q: Pick<ListQuery, 'keyword' | 'keywordFields' | 'predicates'>): Condition[] {
  const { dialect } = ctx.database;
  const eb = expressionBuilder<any, any>();
  const conditions: Condition[] = [];
  if (scope.condition) conditions.push(scope.condition(eb));
  if (q.keyword && q.keywordFields.length) conditions.push(keywordCondition(eb, ctx, entity, q.keyword, q.keywordFields));
  const fields = q.predicates.length ? new Map(entity.fields.map((f) => [f.name, f])) : undefined;
  for (const predicate of q.predicates) conditions.push(predicateToSql(eb, dialect, fields?.get(predicate.field), predicate));
  return conditions;
}

/** The query with every condition of `listConditions` in its WHERE. */
export function withConditions<QB extends SelectQueryBuilder<any, any, any>>(query: QB, conditions: readonly Condition[]): QB {
  let out = query;
  for (const condition of conditions) out = out.where(condition) as QB;
  return out;
}

/** `withConditions(query, listConditions(…))`, for a caller with one statement to make. */
export function applyListConditions<QB extends SelectQueryBuilder<any, any, any>>(
  query: QB, ctx: ServerContext, entity: EntityDef, scope: RowScope, q: Pick<ListQuery, 'keyword' | 'keywordFields' | 'predicates'>,
): QB {
  return withConditions(query, listConditions(ctx, entity, scope, q));
}

/** Empty values sort first ascending and last descending, the same on both databases. */
export function orderSql(column: string, order: 'ascending' | 'descending') {
  return order === 'descending' ? sql`${sql.ref(column)} desc nulls last` : sql`${sql.ref(column)} asc nulls first`;
}

/** One page of rows with their display names, references named in the reader's language `lang`. */
export async function listRows(ctx: ServerContext, entity: EntityDef, scope: RowScope, q: ListQuery, lang: Lang = 'zh-cn'): Promise<PagedRows> {
  const { db } = ctx.database;
  const keyed = Boolean(q.keyword && q.keywordFields.length);
  if (keyed) await preparePgKeywordPlan(ctx, entity, q.keyword);
  const conditions = listConditions(ctx, entity, scope, q);
  const rows = await withConditions(db.selectFrom(entity.table).selectAll(), conditions)
    .orderBy(orderSql(q.sort.prop, q.sort.order))
    // The key breaks ties so paging never repeats or skips a row.
    .orderBy(orderSql(entity.key, q.sort.order))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  // The total and the sums read the rows the page skipped: counted only up to a cap, summed only on request.
  // A frequent keyword in a large scope is counted through its index (keywordDrivenRows); the rows are the same.
  // An unselective filter of a large table is first judged from a sample (totalEstimate.ts): clearly over the cap, nothing is counted.
  let unkeyed: Condition[] | undefined;
  const unkeyedConditions = () => (unkeyed ??= listConditions(ctx, entity, scope, { ...q, keyword: '' }));
  // The scope alone is counted through its own index (a covering walk of 10,001 entries is cheaper than any sample).
  const filtered = keyed || q.predicates.length > 0;
  const overCap = filtered ? (cap: number) => clearlyOverCap(ctx, entity, (from) => withConditions(from, conditions), cap) : undefined;
  const total = await listTotal(db, async () => {
    const driven = keyed
      ? await keywordDrivenRows(ctx, entity, q.keyword, q.keywordFields, () => withConditions(db.selectFrom(entity.table), unkeyedConditions()))
      : undefined;
    return driven ? withConditions(driven, unkeyedConditions()) : withConditions(db.selectFrom(entity.table), conditions);
  }, q, rows.length, overCap);
  const summary = q.summary ? await listSummary(entity, withConditions(db.selectFrom(entity.table), conditions)) : {};
  const list = rows.map((r) => rowToApi(entity, r));
  await attachDisplayNames(ctx, entity, list, lang);
  return { list, ...total, summary };
}
