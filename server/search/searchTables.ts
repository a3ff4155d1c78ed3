import { sql } from 'kysely';
import type { ServerContext } from '../context';

/**
 * The search index: `sys_search_doc` holds one row per indexed record (its title and plain text,
 * the source version it was made from); the matching is dialect-specific.
 *
 * - SQLite: an FTS5 table with the `trigram` tokenizer over that table's title and body (external
 *   content, kept in step by triggers), so a Chinese substring of three characters or more is a
 *   trigram MATCH; shorter terms are a LIKE over the stored text.
 * - PostgreSQL: a GIN `pg_trgm` index on title and body serving ILIKE '%term%'. Where the extension
 *   cannot be created (no privilege), the same ILIKE runs without the index: slower, same answers.
 *
 * Made on first use (no schema file describes them: they are no business entity and no generic
 * call reaches them), once per process.
 */
export const SEARCH_DOC_TABLE = 'sys_search_doc';
const FTS_TABLE = 'sys_search_fts';

export interface SearchIndexState { trigramIndex: boolean }

const made = new WeakMap<ServerContext, Promise<SearchIndexState>>();

export function ensureSearchTables(ctx: ServerContext): Promise<SearchIndexState> {
  let pending = made.get(ctx);
  if (!pending) {
    pending = createTables(ctx);
    made.set(ctx, pending);
    pending.catch(() => made.delete(ctx));
  }
  return pending;
}

async function createTables(ctx: ServerContext): Promise<SearchIndexState> {
  const { db, dialect } = ctx.database;
  if (dialect === 'sqlite') {
    await sql`CREATE TABLE IF NOT EXISTS sys_search_doc (
      rid INTEGER PRIMARY KEY AUTOINCREMENT, docId TEXT NOT NULL UNIQUE, source TEXT NOT NULL, recordId TEXT NOT NULL,
      title TEXT NOT NULL, body TEXT NOT NULL, version TEXT NOT NULL, sourceTime TEXT, indexTime TEXT NOT NULL)`.execute(db);
    await sql`CREATE INDEX IF NOT EXISTS ix_sys_search_doc_source ON sys_search_doc (source, sourceTime)`.execute(db);
    await sql.raw(`CREATE VIRTUAL TABLE IF NOT EXISTS ${FTS_TABLE} USING fts5(title, body, content='sys_search_doc', content_rowid='rid', tokenize='trigram')`).execute(db);
    await sql.raw(`CREATE TRIGGER IF NOT EXISTS sys_search_doc_ai AFTER INSERT ON sys_search_doc BEGIN
      INSERT INTO ${FTS_TABLE}(rowid, title, body) VALUES (new.rid, new.title, new.body); END`).execute(db);
    await sql.raw(`CREATE TRIGGER IF NOT EXISTS sys_search_doc_ad AFTER DELETE ON sys_search_doc BEGIN
      INSERT INTO ${FTS_TABLE}(${FTS_TABLE}, rowid, title, body) VALUES ('delete', old.rid, old.title, old.body); END`).execute(db);
    await sql.raw(`CREATE TRIGGER IF NOT EXISTS sys_search_doc_au AFTER UPDATE ON sys_search_doc BEGIN
      INSERT INTO ${FTS_TABLE}(${FTS_TABLE}, rowid, title, body) VALUES ('delete', old.rid, old.title, old.body);
      INSERT INTO ${FTS_TABLE}(rowid, title, body) VALUES (new.rid, new.title, new.body); END`).execute(db);
    return { trigramIndex: true };
  }
  // Quoted: the columns are camelCase, as Kysely names them.
  await sql`CREATE TABLE IF NOT EXISTS sys_search_doc (
    "docId" TEXT PRIMARY KEY, source TEXT NOT NULL, "recordId" TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
    version TEXT NOT NULL, "sourceTime" TEXT, "indexTime" TEXT NOT NULL)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS ix_sys_search_doc_source ON sys_search_doc (source, "sourceTime")`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  } catch {
    // Another connection may have created it at the same moment; otherwise there is no privilege.
  }
  // The operator class by the extension's own schema: installed once per database, it may live
  // outside the schema this server works in (a pgSchema of its own, as the benches use).
  const installed = await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e
    JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = installed.rows[0]?.schema;
  if (schema) {
    await sql`CREATE INDEX IF NOT EXISTS ix_sys_search_doc_trgm ON sys_search_doc USING gin ((title || ' ' || body) ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
  }
  return { trigramIndex: schema !== undefined };
}
