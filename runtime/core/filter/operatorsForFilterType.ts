import type { FieldDef, FilterOperator, FilterType } from '../schema/types';
import { isNumericField } from './isNumericField';

/**
 * Every operator a filter type can carry. 'text' lists the union of what string fields (include,
 * notInclude, eq, ne) and numeric fields (eq…le) accept; `operatorsForField` narrows it.
 */
export function operatorsForFilterType(type: FilterType): FilterOperator[] {
  switch (type) {
    case 'text': return ['include', 'notInclude', 'eq', 'ne', 'gt', 'ge', 'lt', 'le'];
    case 'select': return ['eq', 'ne', 'include', 'notInclude'];
    case 'tags': return ['include', 'notInclude'];
    case 'date': case 'datetime': return ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
    case 'daterange': case 'datetimerange': return ['include', 'notInclude'];
    case 'switch': return ['eq', 'ne'];
    default: {
      const unhandled: never = type;
      throw new Error(`operatorsForFilterType: unknown filter type "${String(unhandled)}"`);
    }
  }
}

/**
 * The operators a filter on this field accepts. Substring search on a number means nothing, and
 * ordering strings would depend on the database's collation (binary in SQLite, locale in
 * PostgreSQL), so string fields offer no gt…le.
 */
export function operatorsForField(field: FieldDef, type: FilterType): FilterOperator[] {
  const all = operatorsForFilterType(type);
  if (type !== 'text') return all;
  return isNumericField(field)
    ? all.filter((op) => op !== 'include' && op !== 'notInclude')
    : all.filter((op) => op === 'include' || op === 'notInclude' || op === 'eq' || op === 'ne');
}
