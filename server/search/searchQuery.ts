import { sql, type Expression, type SqlBool } from 'kysely';
import type { ServerContext } from '../context';
import { SEARCH_DOC_TABLE } from './searchTables';

export interface IndexedDoc {
  source: string;
  recordId: string;
  title: string;
  body: string;
  sourceTime: string | null;
}

/** Most index rows one search reads before the read check; the newest win. */
export const MAX_CANDIDATES = 2000;
/** Most terms and characters of a query. */
export const MAX_TERMS = 8;
export const MAX_QUERY = 100;

/** The query's words: split on white space, repeats dropped, at most MAX_TERMS. */
export function searchTerms(query: string): string[] {
  return [...new Set(query.slice(0, MAX_QUERY).split(/\s+/).map((t) => t.trim()).filter(Boolean))].slice(0, MAX_TERMS);
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The index rows of `sources` holding every term in their title or text, case-insensitively, as
 * substrings (Chinese has no spaces between words: 考勤 finds 员工考勤管理制度).
 * SQLite: terms of three characters or more are an FTS5 trigram MATCH, shorter ones a LIKE.
 * PostgreSQL: ILIKE on title and text, which the pg_trgm GIN index serves.
 */
export async function matchingDocs(ctx: ServerContext, terms: readonly string[], sources: readonly string[]): Promise<IndexedDoc[]> {
  if (terms.length === 0 || sources.length === 0) return [];
  const { db, dialect } = ctx.database;
  const conditions: Expression<SqlBool>[] = [];
  if (dialect === 'sqlite') {
    const long = terms.filter((t) => [...t].length >= 3);
    const short = terms.filter((t) => [...t].length < 3);
    if (long.length) {
      const match = long.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
      conditions.push(sql<SqlBool>`rid IN (SELECT rowid FROM sys_search_fts WHERE sys_search_fts MATCH ${match})`);
    }
    for (const t of short) conditions.push(sql<SqlBool>`(title LIKE ${likePattern(t)} ESCAPE '\\' OR body LIKE ${likePattern(t)} ESCAPE '\\')`);
  } else {
    for (const t of terms) conditions.push(sql<SqlBool>`(title || ' ' || body) ILIKE ${likePattern(t)} ESCAPE '\\'`);
  }
  const rows = await db.selectFrom(SEARCH_DOC_TABLE).select(['source', 'recordId', 'title', 'body', 'sourceTime'])
    .where('source', 'in', [...sources]).where((eb) => eb.and(conditions))
    .orderBy('sourceTime', 'desc').limit(MAX_CANDIDATES).execute();
  return rows.map((r) => ({ source: String(r.source), recordId: String(r.recordId), title: String(r.title), body: String(r.body), sourceTime: r.sourceTime == null ? null : String(r.sourceTime) }));
}
