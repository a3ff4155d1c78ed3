import type { FieldType, FilterOperator, FilterType } from '../schema/types';

/**
 * One checked, normalised filter condition; the SQL translation and `matchesPredicates` both read
 * only this, never the raw request.
 *
 * `value` by filterType:
 * - text: number when fieldType is integer/number/money (compared numerically), otherwise string
 * - select, tags: string[] (a scalar becomes a one-element array)
 * - date: 'YYYY-MM-DD'; datetime: 'YYYY-MM-DD HH:mm:ss'
 * - daterange, datetimerange: [from, to], from <= to; datetime ends are full datetimes
 *   (a date-only `from` became 'from 00:00:00', a date-only `to` 'to 23:59:59')
 * - switch: 1 | 0
 */
export interface Predicate {
  field: string;
  fieldType: FieldType;
  filterType: FilterType;
  operator: FilterOperator;
  value: unknown;
}
