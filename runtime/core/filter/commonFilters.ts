import { countAppliedFilters } from './countAppliedFilters';

/**
 * Saved common filters of a list's filter drawer (spec §3 "Saved filter: title, filterObj",
 * §5): the rules the drawer and the server both apply, so both refuse the same things.
 */

/** Calls under /capi (server/system/savedFilterCalls.ts). */
export const COMMON_FILTER_LIST_PATH = '/get/system/getCommonFilterList';
export const SAVE_COMMON_FILTER_PATH = '/set/system/saveCommonFilter';
export const DELETE_COMMON_FILTER_PATH = '/set/system/deleteCommonFilter';

/** The list a filter belongs to: an entity name, or another list's own key. */
export const COMMON_FILTER_KEY_PATTERN = /^[A-Za-z0-9:_.-]{1,100}$/;
/** Characters of a filter's name. */
export const MAX_COMMON_FILTER_TITLE = 50;
/** Saved filters per user and list. */
export const MAX_COMMON_FILTERS_PER_LIST = 50;
/** Characters of one saved filter's JSON text. */
export const MAX_COMMON_FILTER_TEXT = 20_000;

/** One saved filter as getCommonFilterList answers it. */
export interface CommonFilter {
  id: string;
  title: string;
  filterObj: Record<string, { value: unknown; operator: string }>;
  createTime: string;
  updateTime: string;
}

/** Why a filter cannot be saved: an i18n key under runtime.filter.common, or null when it can. */
export type CommonFilterRefusal = 'nameRequired' | 'titleTooLong' | 'noFields';

/** What is wrong with a filter's name: blank (名称不能为空) or too long; null when it will do. */
export function commonFilterTitleRefusal(title: string): CommonFilterRefusal | null {
  const trimmed = title.trim();
  if (trimmed === '') return 'nameRequired';
  if ([...trimmed].length > MAX_COMMON_FILTER_TITLE) return 'titleTooLong';
  return null;
}

/**
 * The first rule a save breaks, in the order the drawer checks them: a filled field first
 * (无过滤项, before the name is even asked), then the name; null when it can be saved.
 */
export function commonFilterRefusal(title: string, filterObj: unknown): CommonFilterRefusal | null {
  if (countAppliedFilters(filterObj) === 0) return 'noFields';
  return commonFilterTitleRefusal(title);
}
