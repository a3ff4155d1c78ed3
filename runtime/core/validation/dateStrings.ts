/**
 * Storage formats of temporal fields. All are fixed-width and zero-padded so that plain string
 * comparison orders them, which both SQL and the expression evaluator rely on.
 */

const pad = (n: number): string => String(n).padStart(2, '0');

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

function validClock(hours: number, minutes: number, seconds: number): boolean {
  return hours < 24 && minutes < 60 && seconds < 60;
}

/** 'YYYY-MM-DD' for a real calendar date, or null. */
export function normaliseDate(text: string): string | null {
  const trimmed = text.trim();
  const match = DATE.exec(trimmed);
  if (match) return isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) ? trimmed : null;
  // A datetime for a date field (e.g. from a spreadsheet cell) keeps its day.
  const dateTime = normaliseDateTime(trimmed);
  return dateTime === null ? null : dateTime.slice(0, 10);
}

/**
 * 'YYYY-MM-DD HH:mm:ss', or null. Accepts a 'T' separator, missing seconds, fractional seconds
 * (dropped) and a bare date (midnight); no time zone suffix, because stored times are local.
 */
export function normaliseDateTime(text: string): string | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isCalendarDate(year, month, day)) return null;
  const [hours, minutes, seconds] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  if (!validClock(hours, minutes, seconds)) return null;
  return `${match[1]}-${match[2]}-${match[3]} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** 'HH:mm:ss', or null; 'HH:mm' gains ':00'. */
export function normaliseTime(text: string): string | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  return validClock(hours, minutes, seconds) ? `${match[1]}:${match[2]}:${pad(seconds)}` : null;
}

export function isDateOnly(text: string): boolean {
  return DATE.test(text.trim());
}
