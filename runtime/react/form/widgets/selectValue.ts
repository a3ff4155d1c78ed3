import { isEmptyValue, joinValues, splitJoined } from '../../format/fieldValues';

/**
 * Multi-value fields store comma-joined text (API contract); antd's Select speaks arrays and
 * compares values strictly. These convert at the edge, with every value as a string.
 */
export function toSelectValue(value: unknown, multiple: boolean): string | string[] | undefined {
  if (multiple) return splitJoined(value);
  return isEmptyValue(value) ? undefined : String(value);
}

export function fromSelectValue(selected: unknown, multiple: boolean): string | null {
  if (multiple) return Array.isArray(selected) && selected.length > 0 ? joinValues(selected as string[]) : null;
  return isEmptyValue(selected) ? null : String(selected);
}
