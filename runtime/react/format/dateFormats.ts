import type { FieldDef } from '../../core/schema/types';

/**
 * The text forms of dates and times. The wire (API contract) always carries seconds
 * ('YYYY-MM-DD HH:mm:ss'); people pick and read minutes unless a field asks for seconds
 * (`seconds: true`), since an appointment or a departure is never set to the second. The server
 * reads either form (runtime/core/validation/dateStrings.ts fills missing seconds with :00).
 */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';
export const DATETIME_MINUTES_FORMAT = 'YYYY-MM-DD HH:mm';
export const TIME_MINUTES_FORMAT = 'HH:mm';

type Precision = Pick<FieldDef, 'seconds'> | undefined;

/** The picker and display format of a date-time field. */
export function datetimeFormat(field: Precision): string {
  return field?.seconds ? DATETIME_FORMAT : DATETIME_MINUTES_FORMAT;
}

/** The picker and display format of a time field. */
export function timeFormat(field: Precision): string {
  return field?.seconds ? TIME_FORMAT : TIME_MINUTES_FORMAT;
}

/** A stored date-time or time ('… 09:30:00', '09:30:00') at the field's precision; other text as it is. */
export function timeText(value: string, field: Precision): string {
  if (field?.seconds) return value;
  const match = /^((?:\d{4}-\d{2}-\d{2}[ T])?\d{2}:\d{2}):\d{2}(?:\.\d+)?$/.exec(value);
  return match ? match[1].replace('T', ' ') : value;
}
