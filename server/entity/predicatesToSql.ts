import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { FieldDef } from '../../runtime/core/schema';
import type { Predicate } from '../../runtime/core/filter';
import { SQLITE_UNICODE_LOWER, type DialectName } from '../db/connect';
import { columnTypeFor } from '../db/tableSpecs';

type Eb = ExpressionBuilder<any, any>;

/** LIKE pattern for a literal substring: %, _ and the escape character itself are escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains", folding case beyond ASCII on both databases. */
export function containsCi(eb: Eb, dialect: DialectName, column: string, text: string): Expression<SqlBool> {
  const lowered = dialect === 'sqlite' ? sql`${sql.raw(SQLITE_UNICODE_LOWER)}(${eb.ref(column)})` : sql`lower(${eb.ref(column)})`;
  return sql<SqlBool>`${lowered} like ${containsPattern(text)} escape '\\'`;
}

/** Exact, case-sensitive membership in a comma-joined list (instr/strpos, not LIKE, which folds case). */
function hasItem(eb: Eb, dialect: DialectName, column: string, item: string): Expression<SqlBool> {
  const haystack = sql`(',' || ${eb.ref(column)} || ',')`;
  const needle = `,${item},`;
  return dialect === 'postgres'
    ? sql<SqlBool>`strpos(${haystack}, ${needle}) > 0`
    : sql<SqlBool>`instr(${haystack}, ${needle}) > 0`;
}

/** Start or end of a range stored as JSON text `["a","b"]`. */
function rangeEnd(eb: Eb, dialect: DialectName, column: string, index: 0 | 1): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`(${eb.ref(column)}::json->>${sql.lit(index)})`
    : sql<string>`json_extract(${eb.ref(column)}, ${`$[${index}]`})`;
}

const COMPARE = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/**
 * The SQL twin of runtime/core/filter `matchesPredicates`, whose semantics are the
 * specification: an empty cell (NULL, or '' in a text column) never satisfies a positive
 * operator and always satisfies a negative one. Tests run both over the same rows.
 */
export function predicateToSql(eb: Eb, dialect: DialectName, field: FieldDef | undefined, p: Predicate): Expression<SqlBool> {
  const column = p.field;
  const textColumn = !field || columnTypeFor(field.type) === 'text';
  const empty = textColumn ? eb.or([eb(column, 'is', null), eb(column, '=', '')]) : eb(column, 'is', null);
  const negative = p.operator === 'ne' || p.operator === 'notInclude';
  const positive = positiveCondition(eb, dialect, field, p);
  return negative ? eb.or([empty, eb.not(positive)]) : eb.and([eb.not(empty), positive]);
}

function positiveCondition(eb: Eb, dialect: DialectName, field: FieldDef | undefined, p: Predicate): Expression<SqlBool> {
  const column = p.field;
  const op = p.operator === 'ne' ? 'eq' : p.operator === 'notInclude' ? 'include' : p.operator;
  switch (p.filterType) {
    case 'text':
      if (typeof p.value === 'number') return eb(column, COMPARE[op === 'include' ? 'eq' : op], p.value);
      if (op === 'include') return containsCi(eb, dialect, column, String(p.value));
      return eb(column, COMPARE[op], String(p.value));
    case 'select':
      return eb(column, 'in', p.value as string[]);
    case 'tags':
      return eb.or((p.value as string[]).map((tag) => hasItem(eb, dialect, column, tag)));
    case 'date': case 'datetime':
      return eb(column, COMPARE[op === 'include' ? 'eq' : op], String(p.value));
    case 'daterange': case 'datetimerange': {
      const [from, to] = p.value as [string, string];
      if (field && (field.type === 'dateRange' || field.type === 'datetimeRange')) {
        // A range-valued field is "in" the filter's range when the two periods overlap.
        return eb.and([sql<SqlBool>`${rangeEnd(eb, dialect, column, 0)} <= ${to}`, sql<SqlBool>`${rangeEnd(eb, dialect, column, 1)} >= ${from}`]);
      }
      return eb.and([eb(column, '>=', from), eb(column, '<=', to)]);
    }
    case 'switch':
      return eb(column, '=', Number(p.value));
    default: {
      const unreachable: never = p.filterType;
      throw new Error(`no SQL for filter type ${String(unreachable)}`);
    }
  }
}
