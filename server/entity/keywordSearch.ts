import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { PG_KEYWORD_PAIRS, pairTable, pairToken, pgPairIndexName, trigramTable } from '../db/keywordIndex';
import { pgTableSize } from '../db/pgTableSize';
import { tableSpecForEntity } from '../db/tableSpecs';
import { containsCi } from './predicatesToSql';
import { keysWhoseTextContains } from './translatedKeys';

type Eb = ExpressionBuilder<any, any>;

/**
 * Above this many rows holding the keyword in the whole table, reading them through the index
 * costs more than walking the list's own order and testing each row until the page is full
 * (at 1M rows: 5,000 index hits ≈ 5 ms of look-ups; a keyword that frequent fills a page within
 * ~3,000 rows of the walk). docs/PERFORMANCE.md has the figures.
 */
export const INDEX_HIT_LIMIT = 5000;

/**
 * A list whose scope holds at most this many rows counts a frequent keyword by testing each of
 * them (≤ ~20 ms); a larger one counts through the keyword index (keywordDrivenRows).
 */
export const WALK_COUNT_LIMIT = 5000;

const indexedFieldsOf = new WeakMap<EntityDef, Set<string>>();

function indexedFields(entity: EntityDef): Set<string> {
  let fields = indexedFieldsOf.get(entity);
  if (!fields) {
    fields = new Set(tableSpecForEntity(entity).keywordFields ?? []);
    indexedFieldsOf.set(entity, fields);
  }
  return fields;
}

/** The FTS5 table and MATCH expression finding the lowered keyword in `fields` (server/db/keywordIndex.ts). */
function sqliteMatch(table: string, fields: string[], lowered: string): { fts: string; match: string } {
  const columns = `{${fields.map((f) => `"${f}"`).join(' ')}}`;
  const chars = [...lowered];
  if (chars.length >= 3) return { fts: trigramTable(table), match: `${columns} : "${lowered.replaceAll('"', '""')}"` };
  if (chars.length === 2) return { fts: pairTable(table), match: `${columns} : "${pairToken(chars[0], chars[1])}"` };
  return { fts: pairTable(table), match: `${columns} : "${pairToken(chars[0]).slice(0, 6)}" *` };
}

type Sqlite = NonNullable<ServerContext['database']['sqlite']>;
const probesOf = new WeakMap<Sqlite, Map<string, { hits: number; at: number }>>();
const PROBE_TTL_MS = 1000;

/**
 * How many rows of the whole table hold the keyword, up to INDEX_HIT_LIMIT + 1: what the plan is
 * chosen by. Remembered for a second per database (a list asks for its page and its count at
 * once, and a user pages on): both plans give the same rows, so a stale figure can only choose
 * the slower one.
 */
function indexHits(sqlite: Sqlite, fts: string, match: string): number {
  let probes = probesOf.get(sqlite);
  if (!probes) probesOf.set(sqlite, probes = new Map());
  const key = `${fts}\u0000${match}`;
  const now = Date.now();
  const known = probes.get(key);
  if (known && now - known.at < PROBE_TTL_MS) return known.hits;
  const { n } = sqlite.prepare(`select count(*) as n from (select 1 from "${fts}" where "${fts}" match ? limit ${INDEX_HIT_LIMIT + 1})`).get(match) as { n: number };
  if (probes.size > 1000) probes.clear();
  probes.set(key, { hits: n, at: now });
  return n;
}

/** The SQLite keyword index that answers `keyword` in `fields`, when there is one (no translated field among them). */
function sqliteIndexFor(ctx: ServerContext, entity: EntityDef, keyword: string, fields: string[]) {
  const { dialect, sqlite } = ctx.database;
  const lowered = keyword.toLowerCase();
  const indexed = indexedFields(entity);
  // U+0000 ends a pair token's text; a keyword holding it keeps the plain test.
  if (dialect !== 'sqlite' || !sqlite || !lowered || lowered.includes('\0') || !fields.every((f) => indexed.has(f))) return undefined;
  return { sqlite, ...sqliteMatch(entity.table, fields, lowered) };
}

/**
 * The rows to count a frequent keyword's matches in, on SQLite: the keyword index's rows joined
 * to the table (`FROM (SELECT rowid … MATCH) CROSS JOIN <table>`, the index driving), for the
 * caller to add the scope and filters to — undefined where the list's own condition is the better
 * way (PostgreSQL, a selective keyword answered by the index anyway, a translated field, a scope
 * of at most WALK_COUNT_LIMIT rows). The page of such a keyword walks the sort order and stops
 * early; its count cannot stop early, and testing every row of a large scope in JS was the cost
 * (1M rows, 40 % scope: 106–664 ms → 17–31 ms; docs/PERFORMANCE.md).
 */
export async function keywordDrivenRows(
  ctx: ServerContext, entity: EntityDef, keyword: string, fields: string[],
  scopeRows: () => SelectQueryBuilder<any, any, object>,
): Promise<SelectQueryBuilder<any, any, object> | undefined> {
  const byField = new Map(entity.fields.map((f) => [f.name, f]));
  if (fields.some((f) => byField.get(f)?.translated)) return undefined;
  const index = sqliteIndexFor(ctx, entity, keyword, fields);
  if (!index || indexHits(index.sqlite, index.fts, index.match) <= INDEX_HIT_LIMIT) return undefined;
  const upTo = scopeRows().select(sql<number>`1`.as('one')).limit(WALK_COUNT_LIMIT + 1);
  const scoped = await ctx.database.db.selectFrom(upTo.as('upTo')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  if (Number(scoped?.n ?? 0) <= WALK_COUNT_LIMIT) return undefined;
  const hits = sql`(select rowid as "kwRowid" from ${sql.table(index.fts)} where ${sql.table(index.fts)} match ${index.match})`.as('kw');
  return ctx.database.db.selectFrom(hits).crossJoin(entity.table).whereRef(`${entity.table}.rowid`, '=', 'kw.kwRowid') as SelectQueryBuilder<any, any, object>;
}

type Database = ServerContext['database'];
interface PairStats { at: number; rows: number; freqs: Map<string, Map<string, number>> }
const pairStatsOf = new WeakMap<Database, Map<string, PairStats>>();
/** Planner statistics change with ANALYZE (autovacuum): read again after a minute. */
const PAIR_STATS_TTL_MS = 60_000;

/**
 * PostgreSQL: reads (at most once a minute per table) how often each frequent character pair
 * occurs in the keyword fields, from the statistics ANALYZE keeps on the pairs indexes
 * (pg_stats.most_common_elems of the index expression), for keywordCondition to choose its plan
 * synchronously. Only the plan depends on it, never the rows.
 */
export async function preparePgKeywordPlan(ctx: ServerContext, entity: EntityDef, keyword: string): Promise<void> {
  const { database } = ctx;
  if (database.dialect !== 'postgres' || [...keyword].length !== 2) return;
  let tables = pairStatsOf.get(database);
  if (!tables) pairStatsOf.set(database, tables = new Map());
  const known = tables.get(entity.table);
  if (known && Date.now() - known.at < PAIR_STATS_TTL_MS) return;
  const indexed = [...indexedFields(entity)];
  if (indexed.length === 0) return;
  const names = indexed.map((field) => pgPairIndexName(entity.table, field));
  const stats = await sql<{ tablename: string; elems: string[] | null; freqs: number[] | null }>`
    select tablename, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
    from pg_stats where schemaname = current_schema() and tablename = any(${names})`.execute(database.db);
  const freqs = new Map<string, Map<string, number>>();
  for (const row of stats.rows) {
    const field = indexed[names.indexOf(row.tablename)];
    freqs.set(field, new Map((row.elems ?? []).map((elem, i) => [elem, Number(row.freqs?.[i] ?? 0)])));
  }
  tables.set(entity.table, { at: Date.now(), rows: (await pgTableSize(database.db, entity.table)).rows, freqs });
}

/** Forgets the statistics read for the keyword plan, so the next list reads them again (after an ANALYZE: a bulk load, a test). */
export function forgetPgKeywordPlan(database: Database): void {
  pairStatsOf.delete(database);
}

/**
 * Whether a 2-character keyword is frequent in `fields` by the statistics preparePgKeywordPlan
 * read: more rows than INDEX_HIT_LIMIT expected. A pair missing from the statistics is rarer
 * than every listed one, so it counts as not frequent (the pairs index serves it).
 */
function pgPairFrequent(ctx: ServerContext, entity: EntityDef, fields: string[], lowered: string): boolean {
  const stats = pairStatsOf.get(ctx.database)?.get(entity.table);
  if (!stats) return false;
  const expected = fields.reduce((sum, field) => sum + (stats.freqs.get(field)?.get(lowered) ?? 0) * stats.rows, 0);
  return expected > INDEX_HIT_LIMIT;
}

/**
 * The keyword condition of a list: the row matches when one of `fields`, lowered, contains the
 * lowered keyword (runtime/core/filter `include`, the specification), or when a `translated`
 * field holds a language-pack key whose text contains it.
 *
 * SQLite asks the keyword index for the rows when the keyword is selective and otherwise keeps
 * the plain test, which the database evaluates while walking the list's sort index and stops
 * after a page. Both give the same rows: the choice only decides the plan. PostgreSQL keeps the
 * plain test, which its pg_trgm indexes serve (and, under 3 characters, the pairs index), its
 * planner choosing between them and the sort index by statistics.
 */
export function keywordCondition(eb: Eb, ctx: ServerContext, entity: EntityDef, keyword: string, fields: string[]): Expression<SqlBool> {
  const { dialect } = ctx.database;
  const byField = new Map(entity.fields.map((f) => [f.name, f]));
  const translated = fields.some((f) => byField.get(f)?.translated);
  const keys = translated ? keysWhoseTextContains(ctx.i18n, keyword) : [];
  const keyMatches = fields.flatMap((f) => (byField.get(f)?.translated && keys.length > 0 ? [eb(f, 'in', keys)] : []));
  const lowered = keyword.toLowerCase();
  const indexed = indexedFields(entity);
  const index = sqliteIndexFor(ctx, entity, keyword, fields);
  if (index && indexHits(index.sqlite, index.fts, index.match) <= INDEX_HIT_LIMIT) {
    const { fts, match } = index;
    const inIndex = sql<SqlBool>`${sql.ref(`${entity.table}.rowid`)} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${match})`;
    return eb.or([inIndex, ...keyMatches]);
  }
  // A single character keeps the LIKE: mostly frequent, it fills a page early in the walk, where
  // the planner, short of good `@>` estimates, would call the pairs function on every row.
  // A frequent pair (one row in eight holds 续签) fills a page early in the walk of the sort index,
  // where the pairs index would fetch and sort every row holding it (55 ms at 1M rows).
  if (dialect === 'postgres' && [...lowered].length === 2 && fields.every((f) => indexed.has(f)) && !pgPairFrequent(ctx, entity, fields, lowered)) {
    // pg_trgm finds nothing shorter than 3 characters; the pairs index holds every
    // 2-character substring of lower(field), so membership there is the same test as the LIKE
    // (both look for the JS-lowered keyword in lower(field)). Alone, it is answered by the index
    // without evaluating the pairs function again on each row found.
    return eb.or([
      ...fields.map((f) => sql<SqlBool>`${sql.raw(PG_KEYWORD_PAIRS)}(lower(${sql.ref(f)})) @> array[${lowered}]::text[]`),
      ...keyMatches,
    ]);
  }
  return eb.or([...fields.map((f) => containsCi(eb, dialect, f, keyword)), ...keyMatches]);
}
