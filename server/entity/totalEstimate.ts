import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { pgTableSize } from '../db/pgTableSize';
import { memoText, quoteName } from '../db/statementText';

/** `FROM <rows> WHERE <the list's conditions>`: the caller adds the conditions to the rows given. */
type Conditions = (rows: SelectQueryBuilder<any, any, object>) => SelectQueryBuilder<any, any, object>;

/**
 * SQLite: runs of consecutive rowids at random places in the table. Consecutive rows share
 * pages, so 4,000 rows cost ~400 page reads instead of ~16,000 (SQLite's own cache is small; each
 * read of a cold page is a system call).
 */
const SQLITE_RUNS = 160;
const SQLITE_RUN_ROWS = 25;
/** SQLite: matches the sample must hold before it says anything (Poisson: a table with half the matches claimed gives this many with p < 1e-4). */
const SQLITE_MIN_HITS = 40;
/** SQLite: and the runs they lie in, so rows written together (one unit's import) cannot make the claim alone. */
const SQLITE_MIN_HIT_RUNS = 10;
/** PostgreSQL: table pages read by TABLESAMPLE SYSTEM (each holds tens of rows). */
const PG_SAMPLE_PAGES = 160;
/**
 * PostgreSQL samples whole pages, and rows written together share pages (one unit's import, say):
 * the matches must lie on this many different pages, so a few dense pages cannot make the claim.
 */
const PG_MIN_HIT_PAGES = 30;
/** Sampling only pays where counting to the cap is slow: a table this many times the cap. */
const MIN_TABLE_TO_CAP = 4;
/** The sample must point at this many times the cap, so an unlucky sample near the cap still counts. */
const MARGIN = 2;
/**
 * A first sample that points above the cap without reaching the margin is followed by a second
 * this many times larger, taken together with it: a list near twice the cap (the bench's 试用期,
 * ~2.4 ×) is then decided by the sample too, instead of by a count one time in ten.
 */
const SECOND_STAGE = 3;

/**
 * Whether the rows matching a list's conditions are, beyond reasonable doubt, more than `cap`,
 * judged from a sample of the table instead of counting them (issue 11: "an estimate when the
 * filter is unselective"). Counting up to the cap reads cap ÷ selectivity rows: an unselective
 * filter of a large scope costs tens of milliseconds on every page, where the pager only needs to
 * say "10000+". The answer is only ever "yes, clearly more" or "don't know" (false): the caller
 * then counts as before, so a sample can make the count faster, never wrong beyond the odds
 * above. Small tables (under MIN_TABLE_TO_CAP × cap) are not sampled. A claim is remembered for
 * a few seconds (CLAIM_TTL_MS).
 */
export async function clearlyOverCap(ctx: ServerContext, entity: EntityDef, conditions: Conditions, cap: number): Promise<boolean> {
  const claims = claimsOf(ctx.database);
  const compiled = conditions(ctx.database.db.selectFrom(entity.table).select(sql<number>`1`.as('one'))).compile();
  const key = `${cap}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const now = Date.now();
  const claim = claims.get(key);
  if (claim && claim.until > now) return true;
  const over = ctx.database.dialect === 'sqlite' ? await sqliteOverCap(ctx, entity, conditions, cap) : await postgresOverCap(ctx, entity, conditions, cap);
  if (over) {
    if (claims.size >= MAX_CLAIMS) claims.clear();
    claims.set(key, { table: entity.table, until: now + CLAIM_TTL_MS });
  } else {
    claims.delete(key);
  }
  return over;
}

/**
 * A claim is remembered this long: the next page, or another user of the same scope and filter,
 * is answered "10000+" without a new sample (at 1M rows a sample reads ~160 scattered runs of
 * rows: bench/list's filterObj spent most of its time there). Only claims are kept — a "don't
 * know" is followed by the exact count anyway — and a change to the table other than an insert
 * (which only adds matches) forgets its claims at once. What this can leave stale: rows deleted
 * or changed by another process, for at most this long; the page itself is never stale.
 */
const CLAIM_TTL_MS = 5_000;
const MAX_CLAIMS = 1_000;

interface Claim { table: string; until: number }
type Database = ServerContext['database'];
const claimsByDatabase = new WeakMap<Database, Map<string, Claim>>();

function claimsOf(database: Database): Map<string, Claim> {
  let claims = claimsByDatabase.get(database);
  if (!claims) {
    const made = new Map<string, Claim>();
    database.watch.onWrite((writes) => {
      const changed = new Set(writes.filter((w) => w.kind !== 'insert').map((w) => w.table));
      if (changed.size === 0) return;
      for (const [key, claim] of made) if (changed.has(claim.table) || changed.has('*')) made.delete(key);
    });
    claimsByDatabase.set(database, (claims = made));
  }
  return claims;
}

const EDGE_SQL = new Map<string, string>();

/** The table's lowest or highest rowid (0 when empty); the statement's text made once per table. */
async function rowidEdge(ctx: ServerContext, entity: EntityDef, edge: 'min' | 'max'): Promise<number> {
  const text = memoText(EDGE_SQL, `${entity.table}\u0000${edge}`, () => `select ${edge}(rowid) as "edge" from ${quoteName(entity.table)}`);
  const { rows } = await ctx.database.db.executeQuery(CompiledQuery.raw(text, []));
  return Number((rows[0] as { edge?: unknown } | undefined)?.edge ?? 0);
}

/**
 * SQLite: SQLITE_RUNS runs of consecutive rowids from random starts, the
 * conditions tested on each row found (a rowid missing after deletions only lowers the figure:
 * the error is on the safe side). matches ≈ hits × span ÷ rows sampled, claimed only when the
 * hits lie in SQLITE_MIN_HIT_RUNS runs or more; a second, larger sample where the first is
 * between the cap and the margin.
 */
async function sqliteOverCap(ctx: ServerContext, entity: EntityDef, conditions: Conditions, cap: number): Promise<boolean> {
  const { db } = ctx.database;
  // Two statements: SQLite answers a lone min() or max() of the rowid from the tree's edge, both in one by reading every row.
  const lo = await rowidEdge(ctx, entity, 'min');
  const span = await rowidEdge(ctx, entity, 'max') - lo + 1;
  if (!(span >= cap * MIN_TABLE_TO_CAP)) return false;
  let hits = 0;
  let rows = 0;
  let runBase = 0;
  const hitRuns = new Set<number>();
  for (const runs of [SQLITE_RUNS, SQLITE_RUNS * SECOND_STAGE]) {
    // Random starts, not an even stride: a stride in step with a pattern of the data (rows written in
    // batches of 1,000, say) would read the same part of every batch.
    const runOf = new Map<number, number>();
    for (let run = 0; run < runs; run += 1) {
      const first = lo + Math.floor(Math.random() * (span - SQLITE_RUN_ROWS));
      for (let i = 0; i < SQLITE_RUN_ROWS; i += 1) if (!runOf.has(first + i)) runOf.set(first + i, runBase + run);
    }
    const sampled = db.selectFrom(entity.table)
      .where(sql<boolean>`${sql.ref(`${entity.table}.rowid`)} in (select value from json_each(${JSON.stringify([...runOf.keys()])}))`);
    const found = await conditions(sampled).select(sql<number>`${sql.ref(`${entity.table}.rowid`)}`.as('sampleRowid')).execute();
    hits += found.length;
    rows += runOf.size;
    runBase += runs;
    for (const row of found) hitRuns.add(runOf.get(Number(row.sampleRowid))!);
    const estimate = (hits * span) / rows;
    if (hits >= SQLITE_MIN_HITS && hitRuns.size >= SQLITE_MIN_HIT_RUNS && estimate >= cap * MARGIN) return true;
    if (estimate < cap) return false;
  }
  return false;
}

/**
 * PostgreSQL: TABLESAMPLE SYSTEM reads whole pages at random; matches ≈ hits × pages ÷ pages
 * read, claimed only when the hits lie on PG_MIN_HIT_PAGES pages or more. The table's size is
 * the planner's (pg_class, kept by autovacuum): a table never analysed is not sampled.
 */
async function postgresOverCap(ctx: ServerContext, entity: EntityDef, conditions: Conditions, cap: number): Promise<boolean> {
  const { db } = ctx.database;
  const { rows: tuples, pages } = await pgTableSize(db, entity.table);
  if (!(tuples >= cap * MIN_TABLE_TO_CAP) || pages < PG_SAMPLE_PAGES * MIN_TABLE_TO_CAP) return false;
  let hits = 0;
  let hitPages = 0;
  let read = 0;
  for (const target of [PG_SAMPLE_PAGES, PG_SAMPLE_PAGES * SECOND_STAGE]) {
    const percent = Math.min(100, (100 * target) / pages);
    const sampled = db.selectFrom(sql`(select *, (ctid::text::point)[0] as "samplePage" from ${sql.table(entity.table)} tablesample system (${sql.lit(percent)}))`.as(entity.table));
    const row = await conditions(sampled)
      .select((eb) => [eb.fn.countAll<number>().as('hits'), sql<number>`count(distinct "samplePage")`.as('hitPages')]).executeTakeFirst();
    // Two samples may share a page now and then: counted twice, as any page sampled twice would be.
    hits += Number(row?.hits ?? 0);
    hitPages += Number(row?.hitPages ?? 0);
    read += target;
    const estimate = (hits * pages) / read;
    if (hitPages >= PG_MIN_HIT_PAGES && estimate >= cap * MARGIN) return true;
    if (estimate < cap) return false;
  }
  return false;
}
