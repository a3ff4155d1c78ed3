import type { FieldDef, FilterOperator, FilterType } from '../../core/schema/types';

/**
 * The i18n key naming a filter operator in the drawer. A range filter's include/notInclude are
 * not "contains": a date or time is kept when it lies between the two ends, a period (a
 * dateRange field) when it overlaps them (runtime/core/filter/matchesPredicates.ts).
 */
export function operatorLabelKey(field: FieldDef, filterType: FilterType, operator: FilterOperator): string {
  if ((filterType === 'daterange' || filterType === 'datetimerange') && (operator === 'include' || operator === 'notInclude')) {
    const period = field.type === 'dateRange' || field.type === 'datetimeRange';
    const positive = operator === 'include';
    if (period) return `runtime.filter.rangeOperator.${positive ? 'overlaps' : 'notOverlaps'}`;
    return `runtime.filter.rangeOperator.${positive ? 'between' : 'notBetween'}`;
  }
  return `runtime.filter.operator.${operator}`;
}
