import type { DialectName } from './connect';

/**
 * Statements written as text, for the hot paths where the query builder's cost showed in a
 * profile (bench/list: 10–30 µs to build, compile and freeze each statement's nodes, and a list
 * call runs five to seven; an import runs a multi-row INSERT hundreds of times). The text is made once per shape
 * and kept (`memoText`); only the parameters change per call.
 */

/** A table or column name quoted for SQLite and PostgreSQL alike. */
export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `count` parameter markers: `?, ?` on SQLite, `$first, $first+1` on PostgreSQL. */
export function parameterMarkers(dialect: DialectName, count: number, first = 1): string {
  return Array.from({ length: count }, (_, i) => (dialect === 'postgres' ? `$${first + i}` : '?')).join(', ');
}

const MEMO_LIMIT = 500;

/**
 * The statement text of a shape, made by `make` the first time the shape is asked for. A shape
 * key holds what the text depends on (dialect, table, columns, counts). Bounded: a flood of
 * distinct shapes (the `in` lists of every page size) empties it now and then.
 */
export function memoText(memo: Map<string, string>, key: string, make: () => string): string {
  let text = memo.get(key);
  if (text === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    text = make();
    memo.set(key, text);
  }
  return text;
}
