import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { PG_KEYWORD_PAIRS, pairTable, pairToken, trigramTable } from '../db/keywordIndex';
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
  const { dialect, sqlite } = ctx.database;
  const byField = new Map(entity.fields.map((f) => [f.name, f]));
  const translated = fields.some((f) => byField.get(f)?.translated);
  const keys = translated ? keysWhoseTextContains(ctx.i18n, keyword) : [];
  const keyMatches = fields.flatMap((f) => (byField.get(f)?.translated && keys.length > 0 ? [eb(f, 'in', keys)] : []));
  const lowered = keyword.toLowerCase();
  const indexed = indexedFields(entity);
  // U+0000 ends a pair token's text; a keyword holding it keeps the plain test.
  if (dialect === 'sqlite' && sqlite && lowered && !lowered.includes('\0') && fields.every((f) => indexed.has(f))) {
    const { fts, match } = sqliteMatch(entity.table, fields, lowered);
    const hits = sqlite.prepare(`select count(*) as n from (select 1 from "${fts}" where "${fts}" match ? limit ${INDEX_HIT_LIMIT + 1})`).get(match) as { n: number };
    if (hits.n <= INDEX_HIT_LIMIT) {
      const inIndex = sql<SqlBool>`${sql.ref(`${entity.table}.rowid`)} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${match})`;
      return eb.or([inIndex, ...keyMatches]);
    }
  }
  // A single character keeps the LIKE: mostly frequent, it fills a page early in the walk, where
  // the planner, short of good `@>` estimates, would call the pairs function on every row.
  if (dialect === 'postgres' && [...lowered].length === 2 && fields.every((f) => indexed.has(f))) {
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
