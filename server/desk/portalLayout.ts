import type { TFunction } from 'i18next';
import { checkPortalLayout, PortalLayoutError, type PortalCell } from '../../runtime/core/portal';
import { ApiError } from '../http/ApiError';

/**
 * The designer's layout checked as a whole (runtime/core/portal checkPortalLayout: the same rules
 * the browser's designer and widgets read); any fault is code 100 naming the cell, in the
 * caller's language (`t`, which also reads the label of a faulty setting). Nothing is stored.
 */
export function readPortalLayout(value: unknown, knownCodes: ReadonlySet<string>, t: TFunction): PortalCell[] {
  try {
    return checkPortalLayout(value, knownCodes);
  } catch (error) {
    if (!(error instanceof PortalLayoutError)) throw error;
    const { setting, ...params } = error.params;
    throw ApiError.business(`portal.layout.${error.code}`, setting === undefined ? params : { ...params, setting: t(String(setting)) });
  }
}
