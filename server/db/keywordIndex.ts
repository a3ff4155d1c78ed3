import { sql } from 'kysely';
import type { Database_ } from './connect';
import { SQLITE_KEYWORD_PAIRS, SQLITE_UNICODE_LOWER } from './sqliteFunctions.mjs';

/**
 * The keyword index of a table (docs/PERFORMANCE.md, "Keyword index"). A keyword matches a row
 * when one keyword field, lowered, contains the lowered keyword (runtime/core/filter, `include`).
 *
 * SQLite: two contentless FTS5 tables over the lowered keyword fields, kept in step by triggers
 * on the base table, so every write path (calls, import, flow effects, direct SQL) keeps them
 * right without code of its own:
 * - `<table>_kw3`, trigram tokenizer, case-sensitive over text lowered by the same JS
 *   toLowerCase as the query: a phrase of trigrams is exactly a substring of ≥ 3 characters;
 * - `<table>_kw2`, one token per pair of adjacent characters (hex code points, the last character
 *   paired with 000000): a 2-character keyword is one token, a 1-character keyword a token prefix
 *   (prefix index of 6). Trigrams cannot find substrings shorter than 3 characters, and 2-character
 *   Chinese keywords (a name, a department) are the common search.
 * PostgreSQL: a pg_trgm GIN index on lower(field) per keyword field, which `lower(f) LIKE '%kw%'` uses,
 * and for 2-character keywords a GIN index on the field's character pairs (PG_KEYWORD_PAIRS).
 */

// The functions themselves live in plain JavaScript, shared with the bulk writer's worker thread.
export { pairToken } from './sqliteFunctions.mjs';

export const trigramTable = (table: string) => `${table}_kw3`;
export const pairTable = (table: string) => `${table}_kw2`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function sqliteDefinitions(table: string, fields: string[]) {
  const t = quote(table);
  const kw3 = quote(trigramTable(table));
  const kw2 = quote(pairTable(table));
  const cols = fields.map(quote).join(', ');
  const values = (row: 'new' | 'old', fn: string) => fields.map((f) => `${fn}(${row}.${quote(f)})`).join(', ');
  const insert = (row: 'new') => `INSERT INTO ${kw3}(rowid, ${cols}) VALUES (${row}.rowid, ${values(row, SQLITE_UNICODE_LOWER)});
  INSERT INTO ${kw2}(rowid, ${cols}) VALUES (${row}.rowid, ${values(row, SQLITE_KEYWORD_PAIRS)});`;
  const remove = `DELETE FROM ${kw3} WHERE rowid = old.rowid; DELETE FROM ${kw2} WHERE rowid = old.rowid;`;
  const changed = ['rowid', ...fields.map(quote)].map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  return {
    tables: [
      `CREATE VIRTUAL TABLE ${kw3} USING fts5(${cols}, tokenize='trigram case_sensitive 1', content='', contentless_delete=1)`,
      `CREATE VIRTUAL TABLE ${kw2} USING fts5(${cols}, tokenize='ascii', detail='column', prefix='6', content='', contentless_delete=1)`,
    ],
    triggers: [
      `CREATE TRIGGER ${quote(`${table}_kw_ai`)} AFTER INSERT ON ${t} BEGIN\n  ${insert('new')}\nEND`,
      `CREATE TRIGGER ${quote(`${table}_kw_ad`)} AFTER DELETE ON ${t} BEGIN\n  ${remove}\nEND`,
      // Only when a keyword field changes: a flow transition or a status update leaves the index alone.
      `CREATE TRIGGER ${quote(`${table}_kw_au`)} AFTER UPDATE ON ${t} WHEN ${changed} BEGIN\n  ${remove}\n  ${insert('new')}\nEND`,
    ],
    fill: [
      `INSERT INTO ${kw3}(rowid, ${cols}) SELECT rowid, ${fields.map((f) => `${SQLITE_UNICODE_LOWER}(${quote(f)})`).join(', ')} FROM ${t}`,
      `INSERT INTO ${kw2}(rowid, ${cols}) SELECT rowid, ${fields.map((f) => `${SQLITE_KEYWORD_PAIRS}(${quote(f)})`).join(', ')} FROM ${t}`,
    ],
  };
}

/** The step recorded in sys_migration: a new keyword field set is a new step (and a rebuild). */
export function keywordIndexStep(table: string, fields: string[]): string {
  return `keyword index ${table} (${fields.join(', ')})`;
}

/** PostgreSQL index name of one keyword field. */
export function pgKeywordIndexName(table: string, field: string): string {
  return `kw_${table}_${field}`.slice(0, 63);
}

/**
 * Creates (or, when the keyword fields changed, recreates) the keyword index of one table, fills
 * it from the rows already stored, and records each step it applied.
 */
export async function syncKeywordIndex(
  database: Database_, table: string, fields: string[], record: (step: string) => Promise<void>,
): Promise<void> {
  const { db, dialect } = database;
  if (dialect === 'postgres') {
    if (fields.length === 0) return;
    await ensurePgShared(database);
    for (const field of fields) {
      for (const [name, expression] of [
        [pgKeywordIndexName(table, field), sql`lower(${sql.ref(field)}) public.gin_trgm_ops`],
        [pgPairIndexName(table, field), sql`${sql.raw(PG_KEYWORD_PAIRS)}(lower(${sql.ref(field)}))`],
      ] as const) {
        const present = await sql<{ n: number }>`select count(*) as n from pg_indexes where schemaname = ${database.pgSchema ?? 'public'} and indexname = ${name}`.execute(db);
        if (Number(present.rows[0]?.n) > 0) continue;
        await sql`CREATE INDEX IF NOT EXISTS ${sql.ref(name)} ON ${sql.table(table)} USING gin (${expression})`.execute(db);
        await record(`create keyword index ${name}`);
      }
    }
    return;
  }
  const definitions = sqliteDefinitions(table, fields);
  // The stored definition tells whether the index covers today's fields (a set can change back).
  const stored = await sql<{ sql: string }>`select sql from sqlite_master where name = ${trigramTable(table)}`.execute(db);
  const current = stored.rows[0]?.sql;
  if (fields.length === 0 ? current === undefined : current === definitions.tables[0]) return;
  await db.transaction().execute(async (trx) => {
    for (const trigger of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER IF EXISTS ${quote(`${table}_kw_${trigger}`)}`).execute(trx);
    await sql.raw(`DROP TABLE IF EXISTS ${quote(trigramTable(table))}`).execute(trx);
    await sql.raw(`DROP TABLE IF EXISTS ${quote(pairTable(table))}`).execute(trx);
    if (fields.length === 0) return;
    for (const statement of [...definitions.tables, ...definitions.fill, ...definitions.triggers]) await sql.raw(statement).execute(trx);
  });
  await record(fields.length > 0 ? keywordIndexStep(table, fields) : `drop keyword index ${table}`);
}

/**
 * PostgreSQL: the 2-character substrings of a lowered text, for the companion GIN index of
 * 2-character keywords (pg_trgm extracts no trigram from them). Versioned: an index stores the
 * function it was built with, so a new body gets a new name (and so do the indexes). Its COST is
 * set high because the row estimates of `@>` are rough: a walk of the sort index that calls it on
 * every row passed cost seconds at 100k rows where the index answered in milliseconds.
 */
export const PG_KEYWORD_PAIRS = 'public.oa_keyword_pairs_v4';

/** PostgreSQL index name of one keyword field's short-keyword companion. */
export function pgPairIndexName(table: string, field: string): string {
  return `kw2v4_${table}_${field}`.slice(0, 63);
}

async function pgCount(database: Database_, query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return Number((await query.execute(database.db)).rows[0]?.n ?? 0);
}

/**
 * pg_trgm and the pairs function live in `public`, shared by every schema of the database (each
 * test server has its own); two servers starting together may both try to create them, and the
 * loser's error is harmless once the object is there.
 */
async function ensurePgShared(database: Database_): Promise<void> {
  const steps = [
    {
      present: sql<{ n: number }>`select count(*) as n from pg_extension where extname = 'pg_trgm'`,
      create: sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`,
    },
    {
      present: sql<{ n: number }>`select count(*) as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = 'oa_keyword_pairs_v4'`,
      create: sql`CREATE FUNCTION ${sql.raw(PG_KEYWORD_PAIRS)}(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 10000 AS
        $$ SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, length(t) - 1) AS i $$`,
    },
  ];
  for (const step of steps) {
    if (await pgCount(database, step.present) > 0) continue;
    try {
      await step.create.execute(database.db);
    } catch (failure) {
      if (await pgCount(database, step.present) === 0) throw failure;
    }
  }
}
