import { sql } from 'kysely';
import type { Db } from './connect';

/**
 * A PostgreSQL table's size as the planner knows it (pg_class, kept by ANALYZE and autovacuum):
 * rows and pages, 0 for a table never analysed. Cheap: no row is read.
 */
export async function pgTableSize(db: Db, table: string): Promise<{ rows: number; pages: number }> {
  const found = await sql<{ reltuples: number; relpages: number }>`select reltuples, relpages from pg_class where oid = to_regclass(${table})`.execute(db);
  return { rows: Math.max(0, Number(found.rows[0]?.reltuples ?? 0)), pages: Math.max(0, Number(found.rows[0]?.relpages ?? 0)) };
}
