/**
 * The saved-filter shape ({field: {value, operator}}) parsed into checked predicates, plus the
 * in-memory reference semantics every SQL translation must reproduce.
 */
export { FilterError } from './FilterError';
export type { FilterErrorReason } from './FilterError';
export type { Predicate } from './Predicate';
export { filterTypeForField } from './filterTypeForField';
export { operatorsForFilterType, operatorsForField } from './operatorsForFilterType';
export { parseFilterObj } from './parseFilterObj';
export { matchesPredicates } from './matchesPredicates';
export { countAppliedFilters } from './countAppliedFilters';
