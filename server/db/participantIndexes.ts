import { sql, type RawBuilder } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import { participantRefs } from '../../runtime/core/schema';
import type { Database_ } from './connect';

/**
 * How a participant (runtime/core/schema/participants.ts) is found in SQL, and the PostgreSQL
 * indexes that make the `my` list's "owner or participant" condition an index lookup on each side.
 *
 * A `user` field is an equality on its column (an ordinary index, `indexed` in tableSpecs). A
 * `users` field is stored comma-joined without blanks: PostgreSQL compares
 * `string_to_array(col, ',') @> ARRAY[id]` against a GIN index on that expression; SQLite has
 * no such index and tests the delimited text. A sub-table lives as a JSON array in its column:
 * PostgreSQL asks `jsonb @> [{"column": id}]` of a GIN (jsonb_path_ops) index over the parsed
 * column; SQLite walks the array with json_each.
 */

/**
 * PostgreSQL: a column's text as jsonb, NULL where it is not JSON — a damaged cell must neither
 * fail a list nor stop the index from being built. Versioned like the keyword-pairs function.
 */
export const PG_JSONB_OR_NULL = 'public.oa_jsonb_or_null_v1';

export interface ParticipantColumn {
  column: string;
  /** `users`: a comma-joined id list; `subTable`: JSON rows whose `cell` names a user. */
  kind: 'users' | 'subTable';
}

/** The columns of an entity that need a participant index (a plain `user` column has its own). */
export function participantColumns(entity: EntityDef): ParticipantColumn[] {
  const out = new Map<string, ParticipantColumn>();
  for (const { field, cell } of participantRefs(entity)) {
    if (cell) out.set(field.name, { column: field.name, kind: 'subTable' });
    else if (field.type === 'users') out.set(field.name, { column: field.name, kind: 'users' });
  }
  return [...out.values()];
}

/** Index name of one participant column (PostgreSQL's limit is 63 characters). */
export function participantIndexName(table: string, column: string): string {
  return `pt_${table}_${column}`.slice(0, 63);
}

function pgIndexExpression(kind: ParticipantColumn['kind'], column: string): RawBuilder<unknown> {
  return kind === 'users'
    ? sql`((string_to_array(${sql.ref(column)}, ',')))`
    : sql`((${sql.raw(PG_JSONB_OR_NULL)}(${sql.ref(column)})) jsonb_path_ops)`;
}

async function ensurePgFunction(database: Database_): Promise<void> {
  const present = async () => Number((await sql<{ n: number }>`select count(*) as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proname = 'oa_jsonb_or_null_v1'`.execute(database.db)).rows[0]?.n ?? 0) > 0;
  if (await present()) return;
  try {
    await sql`CREATE FUNCTION ${sql.raw(PG_JSONB_OR_NULL)}(t text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS
      $$ BEGIN RETURN t::jsonb; EXCEPTION WHEN others THEN RETURN NULL; END $$`.execute(database.db);
  } catch (failure) {
    // Test servers share `public`: another one may have created it meanwhile.
    if (!(await present())) throw failure;
  }
}

/** Creates the missing participant indexes (PostgreSQL only), recording each step. */
export async function syncParticipantIndexes(
  database: Database_, tables: { table: string; columns: ParticipantColumn[] }[], record: (step: string) => Promise<void>,
): Promise<void> {
  if (database.dialect !== 'postgres' || tables.every((t) => t.columns.length === 0)) return;
  if (tables.some((t) => t.columns.some((c) => c.kind === 'subTable'))) await ensurePgFunction(database);
  for (const { table, columns } of tables) {
    for (const { column, kind } of columns) {
      const name = participantIndexName(table, column);
      const present = await sql<{ n: number }>`select count(*) as n from pg_indexes where schemaname = ${database.pgSchema ?? 'public'} and indexname = ${name}`.execute(database.db);
      if (Number(present.rows[0]?.n) > 0) continue;
      await sql`CREATE INDEX IF NOT EXISTS ${sql.ref(name)} ON ${sql.table(table)} USING gin ${pgIndexExpression(kind, column)}`.execute(database.db);
      await record(`create participant index ${name}`);
    }
  }
}
