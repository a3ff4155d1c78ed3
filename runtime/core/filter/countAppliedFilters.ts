import { isPlainObject } from '../expression';
import { isEmptyFilterValue } from './isEmptyFilterValue';

/**
 * For the filter badge: how many entries carry a value. Never throws — a badge must not break
 * the page over a saved filter the server would refuse anyway.
 */
export function countAppliedFilters(filterObj: unknown): number {
  let parsed: unknown = filterObj;
  if (typeof filterObj === 'string') {
    try {
      parsed = JSON.parse(filterObj);
    } catch {
      return 0;
    }
  }
  if (!isPlainObject(parsed)) return 0;
  return Object.values(parsed)
    .filter((entry) => isPlainObject(entry) && !isEmptyFilterValue(entry.value))
    .length;
}
