import { ApiError } from '../../http/ApiError';

/** The widest range one calendar read may ask for: a month view with its leading and trailing weeks. */
export const MAX_RANGE_DAYS = 62;
/** Occurrences one repeating entry may add to an answer; more would be a misconfigured rule. */
const MAX_OCCURRENCES = 400;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

export interface CalendarRange {
  /** 'YYYY-MM-DD HH:mm:ss', inclusive. */
  start: string;
  /** 'YYYY-MM-DD HH:mm:ss', exclusive. */
  end: string;
}

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]' → the stored datetime text. */
function asDateTime(value: string): string {
  if (value.length === 10) return `${value} 00:00:00`;
  return value.length === 16 ? `${value}:00` : value;
}

function parseLocal(text: string): Date {
  const [date, time = '00:00:00'] = text.split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  return new Date(y, m - 1, d, hh, mm, ss || 0);
}

export function formatLocal(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}

/**
 * The `start`/`end` parameters of the calendar reads: dates or datetimes, end after start, at most
 * MAX_RANGE_DAYS apart. Anything else is code 100 naming the rule, never a query over all time.
 */
export function readRange(params: Record<string, unknown>): CalendarRange {
  const start = String(params.start ?? '').trim();
  const end = String(params.end ?? '').trim();
  if (!DATE.test(start) || !DATE.test(end)) throw ApiError.business('calendar.range.invalid');
  const range = { start: asDateTime(start), end: asDateTime(end) };
  const from = parseLocal(range.start);
  const to = parseLocal(range.end);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) throw ApiError.business('calendar.range.invalid');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) throw ApiError.business('calendar.range.tooLong', { days: MAX_RANGE_DAYS });
  return range;
}

export interface Occurrence { start: string; end: string }

function step(date: Date, rule: string, n: number): Date {
  const next = new Date(date);
  if (rule === 'daily') next.setDate(next.getDate() + n);
  else if (rule === 'weekly') next.setDate(next.getDate() + 7 * n);
  else next.setMonth(next.getMonth() + n);
  return next;
}

/**
 * The occurrences of an entry that overlap the range: the entry itself, or for a repeating one
 * each repetition (daily, weekly, monthly) up to its repeatUntil date, each as long as the first.
 */
export function occurrencesIn(entry: Record<string, unknown>, range: CalendarRange): Occurrence[] {
  const first = { start: String(entry.startTime), end: String(entry.endTime) };
  const overlaps = (o: Occurrence) => o.start < range.end && o.end >= range.start;
  const rule = String(entry.repeatRule ?? 'none');
  if (!['daily', 'weekly', 'monthly'].includes(rule)) return overlaps(first) ? [first] : [];
  const startDate = parseLocal(first.start);
  const length = parseLocal(first.end).getTime() - startDate.getTime();
  const until = entry.repeatUntil ? `${String(entry.repeatUntil).slice(0, 10)} 23:59:59` : range.end;
  const found: Occurrence[] = [];
  for (let n = 0; n < MAX_OCCURRENCES * 40 && found.length < MAX_OCCURRENCES; n += 1) {
    const at = step(startDate, rule, n);
    const occurrence = { start: formatLocal(at), end: formatLocal(new Date(at.getTime() + length)) };
    if (occurrence.start >= range.end || occurrence.start > until) break;
    if (overlaps(occurrence)) found.push(occurrence);
  }
  return found;
}
