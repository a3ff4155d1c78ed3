import type { FieldDef } from '../schema/types';
import { coerceField } from './coerceField';
import type { ValidationIssue } from './ValidationIssue';

/**
 * One submitted value → its storage representation: strings for text-like fields and
 * 'YYYY-MM-DD' / 'YYYY-MM-DD HH:mm:ss' / 'HH:mm:ss' dates and times, comma-joined strings for
 * multi-value fields, numbers (money rounded to 2 decimals unless `precision` says otherwise),
 * 1/0 for switches, [start, end] for ranges, {lng, lat, address?} for locations, row objects for
 * sub-tables. '' and null become null. Reports the first problem only; see `coerceRecord` for all.
 */
export function coerceValue(field: FieldDef, raw: unknown): { value: unknown } | { issue: ValidationIssue } {
  const result = coerceField(field, raw);
  const [issue] = result.issues;
  return issue ? { issue } : { value: result.value };
}
