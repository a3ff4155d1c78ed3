import { sql, type SelectQueryBuilder } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { Db } from '../db/connect';
import type { ListQuery } from './listQuery';

/**
 * A list counts its rows up to this many and then says "more" (`totalCapped`): counting a
 * scope of a million rows reads a million index entries on every page, and nobody pages
 * through ten thousand rows to the end.
 */
export const TOTAL_CAP = 10_000;

export interface ListTotal {
  total: number;
  /** More rows match than `total`: the count stopped there. */
  totalCapped: boolean;
}

/** `FROM table WHERE <the list's conditions>`, nothing selected yet (applyListConditions). */
type Matching = SelectQueryBuilder<any, any, object>;

/**
 * The number of rows the list holds, as the pager needs it. A page that is not full ends the
 * list, so it tells the total without a count. Otherwise the rows are counted in a LIMITed
 * subquery that stops at the cap — or at the page after this one, so the pager always offers a
 * next page while rows remain; before that, `overCap` may say from a sample that the rows are
 * clearly more than the cap (server/entity/totalEstimate.ts), which spares the count. `exactTotal`
 * counts all of them, for the user who asks.
 */
export async function listTotal(
  db: Db, matching: () => Matching | Promise<Matching>, q: ListQuery, pageRows: number, overCap?: (cap: number) => Promise<boolean>,
): Promise<ListTotal> {
  const offset = (q.page - 1) * q.pageSize;
  if (pageRows > 0 && pageRows < q.pageSize) return { total: offset + pageRows, totalCapped: false };
  if (pageRows === 0 && q.page === 1) return { total: 0, totalCapped: false };
  if (q.exactTotal) {
    const row = await (await matching()).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
    return { total: Number(row?.total ?? 0), totalCapped: false };
  }
  const cap = Math.max(TOTAL_CAP, offset + 2 * q.pageSize);
  if (overCap && await overCap(cap)) return { total: cap, totalCapped: true };
  const upTo = (await matching()).select(sql<number>`1`.as('one')).limit(cap + 1);
  const row = await db.selectFrom(upTo.as('upTo')).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  const counted = Number(row?.total ?? 0);
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}

/** Sums of the money fields over every matching row (not just the page), to two decimals. */
export async function listSummary(entity: EntityDef, matching: Matching): Promise<Record<string, number>> {
  const moneyFields = entity.fields.filter((f) => f.type === 'money').map((f) => f.name);
  if (moneyFields.length === 0) return {};
  const sums = await matching.select((eb) => moneyFields.map((f) => eb.fn.sum<number>(f).as(f))).executeTakeFirst();
  return Object.fromEntries(moneyFields.map((f) => [f, Math.round(Number(sums?.[f] ?? 0) * 100) / 100]));
}
