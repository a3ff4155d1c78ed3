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
export { MAX_FILTER_VALUES, MAX_FILTER_VALUES_TOTAL } from './filterLimits';
export { matchesPredicates } from './matchesPredicates';
export { countAppliedFilters } from './countAppliedFilters';
export {
  COMMON_FILTER_LIST_PATH, SAVE_COMMON_FILTER_PATH, DELETE_COMMON_FILTER_PATH, COMMON_FILTER_KEY_PATTERN,
  MAX_COMMON_FILTER_TITLE, MAX_COMMON_FILTERS_PER_LIST, MAX_COMMON_FILTER_TEXT, commonFilterRefusal, commonFilterTitleRefusal,
} from './commonFilters';
export type { CommonFilter, CommonFilterRefusal } from './commonFilters';
