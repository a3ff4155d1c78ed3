import type { FieldDef, FilterType } from '../schema/types';
import { filterTypeForField } from './filterTypeForField';

/** Which configured widgets make sense for a field; anything else falls back to the default. */
function acceptsConfiguredType(field: FieldDef, type: FilterType): boolean {
  switch (field.type) {
    case 'string': case 'text': case 'richText': case 'time': case 'image':
      return type === 'text' || type === 'select';
    case 'date': case 'datetime':
      return type === 'date' || type === 'daterange' || type === 'datetime' || type === 'datetimerange';
    default:
      return type === filterTypeForField(field);
  }
}

/**
 * The filter type a request entry is judged by. The list's configured widget wins when it fits
 * the field; for date/datetime fields the value's shape then decides between a point and a range
 * (a range picker sends an array, or 'from,to'), and the field's storage decides date vs datetime, so a
 * 'daterange' widget on `createTime` compares whole datetimes.
 */
export function resolveFilterType(field: FieldDef, configured: FilterType | undefined, value: unknown): FilterType {
  const base = configured !== undefined && acceptsConfiguredType(field, configured) ? configured : filterTypeForField(field);
  // No single date contains a comma, so 'from,to' text is a range too.
  const rangeValue = Array.isArray(value) || (typeof value === 'string' && value.includes(','));
  if (field.type === 'date') return rangeValue ? 'daterange' : 'date';
  if (field.type === 'datetime') return rangeValue ? 'datetimerange' : 'datetime';
  return base;
}
