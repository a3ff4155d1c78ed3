import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Predicate } from '../../runtime/core/filter';

type Eb = ExpressionBuilder<any, any>;

/** LIKE pattern for a literal substring: %, _ and the escape character itself are escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function likeCi(eb: Eb, column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${eb.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}

function hasTag(eb: Eb, column: string, tag: string): Expression<SqlBool> {
  const pattern = `%,${tag.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)},%`;
  return sql<SqlBool>`(',' || lower(${eb.ref(column)}) || ',') like ${pattern} escape '\\'`;
}

const COMPARE = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/**
 * The SQL twin of runtime/core/filter `matchesPredicates`: tests run both over the same rows
 * and require identical results, so the in-memory semantics are the specification.
 */
export function predicateToSql(eb: Eb, p: Predicate): Expression<SqlBool> {
  const column = p.field;
  const isNull = eb(column, 'is', null);
  const orNull = (e: Expression<SqlBool>) => eb.or([e, isNull]);
  const values = (Array.isArray(p.value) ? p.value : [p.value]) as (string | number)[];
  switch (p.filterType) {
    case 'text':
      if (typeof p.value === 'number') return numericOrText(eb, p, isNull);
      if (p.operator === 'include') return likeCi(eb, column, String(p.value));
      if (p.operator === 'notInclude') return orNull(eb.not(likeCi(eb, column, String(p.value))));
      return numericOrText(eb, p, isNull);
    case 'select':
      if (p.operator === 'include' || p.operator === 'eq') return eb(column, 'in', values);
      return orNull(eb(column, 'not in', values));
    case 'tags': {
      const any = eb.or(values.map((v) => hasTag(eb, column, String(v))));
      if (p.operator === 'include' || p.operator === 'eq') return any;
      return orNull(eb.not(any));
    }
    case 'daterange': case 'datetimerange': {
      const [from, to] = p.value as [string, string];
      const inside = eb.and([eb(column, '>=', from), eb(column, '<=', to)]);
      if (p.operator === 'notInclude' || p.operator === 'ne') return orNull(eb.not(inside));
      return inside;
    }
    case 'date': case 'datetime': case 'switch':
      return numericOrText(eb, p, isNull);
    default: {
      const unreachable: never = p.filterType;
      throw new Error(`no SQL for filter type ${String(unreachable)}`);
    }
  }
}

function numericOrText(eb: Eb, p: Predicate, isNull: Expression<SqlBool>): Expression<SqlBool> {
  if (p.operator === 'include' || p.operator === 'notInclude') {
    const like = likeCi(eb, p.field, String(p.value));
    return p.operator === 'include' ? like : eb.or([eb.not(like), isNull]);
  }
  const op = COMPARE[p.operator];
  const compare = eb(p.field, op, p.value as string | number);
  return p.operator === 'ne' ? eb.or([compare, isNull]) : compare;
}
