import { RELATIVE_TIME_MAX_DAYS } from '../constants/timing';

/**
 * A past time relative to now (spec §9): 刚刚 under a minute, then minutes, hours, and days up to
 * 31 days; older (or future, or unreadable) times show their date. Language-free: the caller
 * words it ('shell.relativeTime.minutes' …).
 */
export type RelativeTime =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number }
  | { unit: 'date'; date: string };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd in local time. */
export function formatLocalDate(time: Date): string {
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

/** Epoch ms of a time given as a Date, epoch ms, or text ('2025-03-01 08:30:00' is local time). */
export function toEpochMs(time: Date | number | string): number {
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'number') return time;
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(time.trim());
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)).getTime();
  }
  return Date.parse(time);
}

export function relativeTime(time: Date | number | string, now: number = Date.now()): RelativeTime {
  const at = toEpochMs(time);
  if (Number.isNaN(at)) return { unit: 'date', date: String(time) };
  const elapsed = now - at;
  if (elapsed < 0) return { unit: 'date', date: formatLocalDate(new Date(at)) };
  if (elapsed < MINUTE_MS) return { unit: 'justNow' };
  if (elapsed < HOUR_MS) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE_MS) };
  if (elapsed < DAY_MS) return { unit: 'hours', count: Math.floor(elapsed / HOUR_MS) };
  const days = Math.floor(elapsed / DAY_MS);
  if (days <= RELATIVE_TIME_MAX_DAYS) return { unit: 'days', count: days };
  return { unit: 'date', date: formatLocalDate(new Date(at)) };
}
