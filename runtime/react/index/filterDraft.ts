import { countAppliedFilters } from '../../core/filter';
import type { FilterOperator } from '../../core/schema/types';

/** The saved-filter shape of the contract: field → value + operator. */
export type FilterObj = Record<string, { value: unknown; operator: FilterOperator }>;

/** What the drawer's rows hold while the user edits them (a row may have an operator and no value yet). */
export type FilterDraft = Record<string, { operator: FilterOperator; value: unknown }>;

/**
 * The applied filter: only rows with a value. Saved common filters (a later feature) store and
 * load exactly this shape, and `draftFromFilterObj` turns one back into drawer rows.
 */
export function toFilterObj(draft: FilterDraft): FilterObj {
  const filterObj: FilterObj = {};
  for (const [field, entry] of Object.entries(draft)) {
    // Judged by the badge's own count, so the badge and the request always agree on what applies.
    if (countAppliedFilters({ [field]: entry }) > 0) filterObj[field] = { value: entry.value, operator: entry.operator };
  }
  return filterObj;
}

export function draftFromFilterObj(filterObj: FilterObj): FilterDraft {
  return Object.fromEntries(Object.entries(filterObj).map(([field, entry]) => [field, { ...entry }]));
}
