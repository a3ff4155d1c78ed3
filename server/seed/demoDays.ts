import { nowText } from '../http/newId';

/** The date `days` from today (negative: before), as the demo rows store it. */
export function addDays(days: number): string {
  return nowText(new Date(Date.now() + days * 86_400_000)).slice(0, 10);
}

/** Saturday or Sunday, for a date as the demo rows store it (read at noon, clear of DST edges). */
export function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00`).getDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The `count`-th working day (Monday to Friday) before today: 1 is the last one. Demo clock-ins
 * fall on these, so a seed made on a Sunday or Monday holds no weekend attendance.
 */
export function workdayBefore(count: number): string {
  let found = 0;
  for (let back = 1; ; back += 1) {
    const date = addDays(-back);
    if (!isWeekend(date)) found += 1;
    if (found === count) return date;
  }
}
