import { sql, type SelectQueryBuilder } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';

/** `FROM <rows> WHERE <the list's conditions>`: the caller adds the conditions to the rows given. */
type Conditions = (rows: SelectQueryBuilder<any, any, object>) => SelectQueryBuilder<any, any, object>;

/** SQLite: rows looked up by rowid, spread evenly over the table (≈ 2 ms at 1M rows). */
const SQLITE_SAMPLE_ROWS = 2000;
/** SQLite: matches the sample must hold before it says anything (Poisson: a table with half the matches claimed gives this many with p < 1e-4). */
const SQLITE_MIN_HITS = 40;
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
 * Whether the rows matching a list's conditions are, beyond reasonable doubt, more than `cap`,
 * judged from a sample of the table instead of counting them (issue 11: "an estimate when the
 * filter is unselective"). Counting up to the cap reads cap ÷ selectivity rows: an unselective
 * filter of a large scope costs tens of milliseconds on every page, where the pager only needs to
 * say "10000+". The answer is only ever "yes, clearly more" or "don't know" (false): the caller
 * then counts as before, so a sample can make the count faster, never wrong beyond the odds
 * above. Small tables (under MIN_TABLE_TO_CAP × cap) are not sampled.
 */
export async function clearlyOverCap(ctx: ServerContext, entity: EntityDef, conditions: Conditions, cap: number): Promise<boolean> {
  return ctx.database.dialect === 'sqlite' ? sqliteOverCap(ctx, entity, conditions, cap) : postgresOverCap(ctx, entity, conditions, cap);
}

/**
 * SQLite: rowids at an even stride from a random start, each looked up (a rowid missing after
 * deletions only lowers the figure: the error is on the safe side), the conditions tested on
 * each. matches ≈ hits × span ÷ sample.
 */
async function sqliteOverCap(ctx: ServerContext, entity: EntityDef, conditions: Conditions, cap: number): Promise<boolean> {
  const { db } = ctx.database;
  const bounds = await db.selectFrom(entity.table)
    .select([sql<number>`min(rowid)`.as('lo'), sql<number>`max(rowid)`.as('hi')]).executeTakeFirst();
  const lo = Number(bounds?.lo ?? 0);
  const span = Number(bounds?.hi ?? 0) - lo + 1;
  if (!(span >= cap * MIN_TABLE_TO_CAP)) return false;
  const step = span / SQLITE_SAMPLE_ROWS;
  const start = lo + Math.random() * step;
  const rowids = Array.from({ length: SQLITE_SAMPLE_ROWS }, (_, i) => Math.floor(start + i * step));
  const sampled = db.selectFrom(entity.table)
    .where(sql<boolean>`${sql.ref(`${entity.table}.rowid`)} in (select value from json_each(${JSON.stringify(rowids)}))`);
  const row = await conditions(sampled).select((eb) => eb.fn.countAll<number>().as('hits')).executeTakeFirst();
  const hits = Number(row?.hits ?? 0);
  return hits >= SQLITE_MIN_HITS && hits * step >= cap * MARGIN;
}

/**
 * PostgreSQL: TABLESAMPLE SYSTEM reads whole pages at random; matches ≈ hits × pages ÷ pages
 * read, claimed only when the hits lie on PG_MIN_HIT_PAGES pages or more. The table's size is
 * the planner's (pg_class, kept by autovacuum): a table never analysed is not sampled.
 */
async function postgresOverCap(ctx: ServerContext, entity: EntityDef, conditions: Conditions, cap: number): Promise<boolean> {
  const { db } = ctx.database;
  const stats = await sql<{ reltuples: number; relpages: number }>`select reltuples, relpages from pg_class where oid = to_regclass(${entity.table})`.execute(db);
  const tuples = Number(stats.rows[0]?.reltuples ?? 0);
  const pages = Number(stats.rows[0]?.relpages ?? 0);
  if (!(tuples >= cap * MIN_TABLE_TO_CAP) || pages < PG_SAMPLE_PAGES * MIN_TABLE_TO_CAP) return false;
  const percent = (100 * PG_SAMPLE_PAGES) / pages;
  const sampled = db.selectFrom(sql`(select *, (ctid::text::point)[0] as "samplePage" from ${sql.table(entity.table)} tablesample system (${sql.lit(percent)}))`.as(entity.table));
  const row = await conditions(sampled)
    .select((eb) => [eb.fn.countAll<number>().as('hits'), sql<number>`count(distinct "samplePage")`.as('hitPages')]).executeTakeFirst();
  const hits = Number(row?.hits ?? 0);
  const hitPages = Number(row?.hitPages ?? 0);
  return hitPages >= PG_MIN_HIT_PAGES && (hits * pages) / PG_SAMPLE_PAGES >= cap * MARGIN;
}
