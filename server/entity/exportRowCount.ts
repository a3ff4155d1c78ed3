import { sql } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import type { RowScope } from './dataScope';
import type { ListQuery } from './listQuery';
import { applyListConditions } from './listRows';
import { listSlices } from './listSlices';
import { eventLoopPacer } from './eventLoopPacer';

/** Keys read per counting query on SQLite: a few milliseconds of index walk each. */
const COUNT_SLICE_ROWS = 5_000;

/**
 * How many rows an export of this list would hold, counted no further than `upTo` (the export
 * limit + 1 tells "over the limit" apart). PostgreSQL counts in one query, off the event loop;
 * better-sqlite3 runs each query synchronously on it, so SQLite counts in keyset slices with
 * other requests served between them.
 */
export async function exportRowCount(ctx: ServerContext, entity: EntityDef, scope: RowScope, q: ListQuery, upTo: number): Promise<number> {
  if (ctx.database.dialect === 'postgres') {
    const capped = applyListConditions(ctx.database.db.selectFrom(entity.table).select(sql`1`.as('one')), ctx, entity, scope, q).limit(upTo);
    const row = await ctx.database.db.selectFrom(capped.as('capped')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const pace = eventLoopPacer();
  let counted = 0;
  for await (const slice of listSlices(ctx, entity, scope, q, { sliceRows: COUNT_SLICE_ROWS, maxRows: upTo, columns: 'keys' })) {
    counted += slice.length;
    await pace();
  }
  return counted;
}
