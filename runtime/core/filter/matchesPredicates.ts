import type { Predicate } from './Predicate';

/*
 * Reference semantics: the SQL translation must return exactly the rows this accepts.
 * An empty row value (null, undefined, '') never satisfies a positive operator (eq, include,
 * gt…) and always satisfies a negative one (ne, notInclude) — in SQL that means writing
 * `(col IS NULL OR col = '' OR NOT …)` for the negatives, since `NULL <> x` is not true there.
 */

type Row = Record<string, unknown>;

const isEmptyCell = (v: unknown): boolean => v === null || v === undefined || v === '';

function cellText(v: unknown): string {
  return typeof v === 'string' ? v : String(v);
}

function cellNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return NaN;
}

function cellFlag(v: unknown): 0 | 1 | null {
  if (v === 1 || v === '1' || v === true) return 1;
  if (v === 0 || v === '0' || v === false) return 0;
  return null;
}

/** Comma-joined stored lists (tags, users, attachments); arrays are tolerated for in-memory rows. */
function cellList(v: unknown): string[] {
  const items = Array.isArray(v) ? v.map(cellText) : isEmptyCell(v) ? [] : cellText(v).split(',');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** A dateRange/datetimeRange cell: [start, end] as an array or its JSON text. */
function cellRange(v: unknown): [string, string] | null {
  let parsed: unknown = v;
  if (typeof v === 'string') {
    try {
      parsed = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string'
    && parsed[0] !== '' && parsed[1] !== '') {
    return [parsed[0], parsed[1]];
  }
  return null;
}

function ordered(operator: Predicate['operator'], a: string | number, b: string | number): boolean {
  switch (operator) {
    case 'eq': return a === b;
    case 'ne': return a !== b;
    case 'gt': return a > b;
    case 'ge': return a >= b;
    case 'lt': return a < b;
    case 'le': return a <= b;
    default: return false;
  }
}

const isNegative = (p: Predicate): boolean => p.operator === 'ne' || p.operator === 'notInclude';

/** Whether the positive form of the predicate holds for a non-empty cell. */
function holds(p: Predicate, cell: unknown): boolean {
  const positive = p.operator === 'ne' ? 'eq' : p.operator === 'notInclude' ? 'include' : p.operator;
  switch (p.filterType) {
    case 'text': {
      if (typeof p.value === 'number') {
        const n = cellNumber(cell);
        return !Number.isNaN(n) && ordered(positive, n, p.value);
      }
      const wanted = String(p.value);
      if (positive === 'include') return cellText(cell).toLowerCase().includes(wanted.toLowerCase());
      return ordered(positive, cellText(cell), wanted);
    }
    case 'select':
      return (p.value as string[]).includes(cellText(cell));
    case 'tags': {
      const have = cellList(cell);
      return (p.value as string[]).some((tag) => have.includes(tag));
    }
    case 'date': case 'datetime':
      return ordered(positive, cellText(cell), String(p.value));
    case 'daterange': case 'datetimerange': {
      const [from, to] = p.value as [string, string];
      const range = cellRange(cell);
      // A range-valued cell (dateRange fields) is "in" when the two periods overlap.
      if (range) return range[0] <= to && range[1] >= from;
      if (Array.isArray(cell)) return false;
      const at = cellText(cell);
      return from <= at && at <= to;
    }
    case 'switch':
      return cellFlag(cell) === p.value;
  }
}

function matchesOne(row: Row, p: Predicate): boolean {
  const cell = Object.hasOwn(row, p.field) ? row[p.field] : undefined;
  const empty = isEmptyCell(cell) || (Array.isArray(cell) && cell.length === 0);
  const positiveHolds = !empty && holds(p, cell);
  return isNegative(p) ? !positiveHolds : positiveHolds;
}

/** True when the row satisfies every predicate (the conditions are ANDed, as in the list query). */
export function matchesPredicates(row: Row, predicates: Predicate[]): boolean {
  return predicates.every((p) => matchesOne(row, p));
}
