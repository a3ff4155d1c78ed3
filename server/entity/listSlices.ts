import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import type { RowScope } from './dataScope';
import type { ListQuery } from './listQuery';
import { applyListConditions, orderSql } from './listRows';

type Row = Record<string, unknown>;
type Direction = 'asc' | 'desc';

/**
 * One run of the list's order in which the sort value is either always empty or never: the
 * list puts empty values first ascending and last descending (orderSql), so the whole order is
 * two runs read one after the other, each continued by a condition an index can seek to (a row
 * value comparison is never true for an empty value). Each query keeps the list's own ORDER BY,
 * so it walks the same (sort, key) index as the list's pages (server/db/listIndexes.ts).
 */
interface Run { emptySort: boolean }

export interface SliceOptions {
  /** Rows per query: small enough that one synchronous SQLite query stays a few milliseconds. */
  sliceRows: number;
  /** Stop after this many rows in all. */
  maxRows: number;
  /** `all` reads whole rows; `keys` only the sort and key columns (for counting). */
  columns: 'all' | 'keys';
}

/**
 * The rows of a list in the list's order (sort, then key), `sliceRows` at a time, each slice one
 * short query continuing after the last row read: `WHERE (sort, key) > (last sort, last key)`.
 * No OFFSET (each slice would rescan everything before it) and no connection or transaction held
 * between slices, so other requests run between them; a row written meanwhile may or may not be
 * read, but no row present throughout is read twice or skipped.
 */
export async function* listSlices(
  ctx: ServerContext, entity: EntityDef, scope: RowScope, q: ListQuery, options: SliceOptions,
): AsyncGenerator<Row[]> {
  const { db } = ctx.database;
  const sort = q.sort.prop;
  const key = entity.key;
  const direction: Direction = q.sort.order === 'descending' ? 'desc' : 'asc';
  const byKeyOnly = sort === key;
  // Ascending: empty sort values first; descending: last (the list's orderSql).
  const runs: Run[] = byKeyOnly ? [{ emptySort: false }]
    : direction === 'asc' ? [{ emptySort: true }, { emptySort: false }] : [{ emptySort: false }, { emptySort: true }];
  const after = direction === 'asc' ? '>' : '<';
  let remaining = options.maxRows;

  for (const run of runs) {
    let last: Row | undefined;
    while (remaining > 0) {
      const limit = Math.min(options.sliceRows, remaining);
      const continueAfter = (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
        const parts: Expression<SqlBool>[] = [];
        if (!byKeyOnly) parts.push(run.emptySort ? eb(sort, 'is', null) : eb(sort, 'is not', null));
        if (last) {
          parts.push(byKeyOnly || run.emptySort ? eb(key, after, last[key]) : eb(eb.refTuple(sort, key), after, eb.tuple(last[sort], last[key])));
        }
        return eb.and(parts);
      };
      const base = db.selectFrom(entity.table);
      const selected = options.columns === 'all' ? base.selectAll() : base.select(byKeyOnly ? [key] : [sort, key]);
      let query = applyListConditions(selected, ctx, entity, scope, q).where(continueAfter);
      if (!byKeyOnly) query = query.orderBy(orderSql(sort, q.sort.order));
      const rows = await query.orderBy(orderSql(key, q.sort.order)).limit(limit).execute() as Row[];
      if (rows.length > 0) {
        remaining -= rows.length;
        last = rows[rows.length - 1];
        yield rows;
      }
      if (rows.length < limit) break;
    }
  }
}
