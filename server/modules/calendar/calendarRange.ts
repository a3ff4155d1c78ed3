import { isRepeatRule, type RepeatRule } from '../../../runtime/core/calendar';
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

export function parseLocal(text: string): Date {
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

export interface Occurrence {
  start: string;
  end: string;
  /** Which repetition this is: 0 the entry's own time, n the n-th repetition after it. */
  index: number;
}

function step(date: Date, rule: string, n: number): Date {
  const next = new Date(date);
  if (rule === 'daily') next.setDate(next.getDate() + n);
  else if (rule === 'weekly') next.setDate(next.getDate() + 7 * n);
  else next.setMonth(next.getMonth() + n);
  return next;
}

/**
 * The repetition to start counting from for a range starting at `from`: a little before the
 * first that may overlap it, so an entry repeating for years is not walked from its beginning
 * (the reminder job reads every repeating entry each minute).
 */
function firstCandidate(startDate: Date, rule: RepeatRule, length: number, from: Date): number {
  const behind = from.getTime() - length - startDate.getTime();
  if (behind <= 0) return 0;
  const months = (from.getFullYear() - startDate.getFullYear()) * 12 + from.getMonth() - startDate.getMonth();
  const estimate = rule === 'monthly' ? months - 1 : Math.floor(behind / ((rule === 'weekly' ? 7 : 1) * DAY_MS));
  return Math.max(0, estimate - 1);
}

/** The repetitions a drag took out of the series (`repeatSkips`, comma-joined numbers). */
export function skippedOccurrences(entry: Record<string, unknown>): Set<number> {
  return new Set(String(entry.repeatSkips ?? '').split(',').filter((n) => /^\d+$/.test(n)).map(Number));
}

/** An entry's series: first start, length, last day, and the repetitions taken out; undefined for a one-off entry. */
function seriesOf(entry: Record<string, unknown>) {
  const rule = entry.repeatRule;
  if (!isRepeatRule(rule)) return undefined;
  const startDate = parseLocal(String(entry.startTime));
  return {
    rule, startDate,
    length: parseLocal(String(entry.endTime)).getTime() - startDate.getTime(),
    until: entry.repeatUntil ? `${String(entry.repeatUntil).slice(0, 10)} 23:59:59` : undefined,
    skipped: skippedOccurrences(entry),
  };
}

function nth(series: NonNullable<ReturnType<typeof seriesOf>>, n: number): Occurrence {
  const at = step(series.startDate, series.rule, n);
  return { start: formatLocal(at), end: formatLocal(new Date(at.getTime() + series.length)), index: n };
}

/**
 * The occurrences of an entry that overlap the range: the entry itself, or for a repeating one
 * each repetition (daily, weekly, monthly) up to its repeatUntil date, each as long as the first,
 * leaving out those a drag took out of the series (moved as entries of their own).
 */
export function occurrencesIn(entry: Record<string, unknown>, range: CalendarRange): Occurrence[] {
  const overlaps = (o: Occurrence) => o.start < range.end && o.end >= range.start;
  const series = seriesOf(entry);
  if (!series) {
    const only = { start: String(entry.startTime), end: String(entry.endTime), index: 0 };
    return overlaps(only) ? [only] : [];
  }
  const until = series.until ?? range.end;
  const found: Occurrence[] = [];
  const first = firstCandidate(series.startDate, series.rule, series.length, parseLocal(range.start));
  for (let n = first; n < first + MAX_OCCURRENCES * 40 && found.length < MAX_OCCURRENCES; n += 1) {
    const occurrence = nth(series, n);
    if (occurrence.start >= range.end || occurrence.start > until) break;
    if (overlaps(occurrence) && !series.skipped.has(n)) found.push(occurrence);
  }
  return found;
}

/** The n-th occurrence of an entry, or undefined when it has none such (past its last day, taken out, or a one-off entry's n > 0). */
export function occurrenceAt(entry: Record<string, unknown>, n: number): Occurrence | undefined {
  const series = seriesOf(entry);
  if (!series) return n === 0 ? { start: String(entry.startTime), end: String(entry.endTime), index: 0 } : undefined;
  if (!Number.isInteger(n) || n < 0 || series.skipped.has(n)) return undefined;
  const occurrence = nth(series, n);
  return series.until && occurrence.start > series.until ? undefined : occurrence;
}
