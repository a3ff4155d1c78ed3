import type { Db } from '../db/connect';

/**
 * Holds one row for the rest of the transaction, so writers that depend on it (bookings of one
 * meeting room) take turns: a no-op update takes PostgreSQL's row lock and SQLite's write lock
 * alike, where SELECT … FOR UPDATE exists on PostgreSQL only. The second writer waits, then reads
 * what the first committed. Answers whether the row exists.
 */
export async function lockRow(trx: Db, table: string, key: string, id: string): Promise<boolean> {
  const result = await trx.updateTable(table).set((eb) => ({ [key]: eb.ref(key) })).where(key, '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
