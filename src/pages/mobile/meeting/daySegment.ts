import { FIRST_HOUR, LAST_HOUR } from '../../office/meeting/roomSlots';

/** The part of a day the room bar draws: the hours of the desktop occupancy board, 08:00 to 20:00. */
export const BAR_START_MINUTE = FIRST_HOUR * 60;
export const BAR_END_MINUTE = LAST_HOUR * 60;
/** Hour marks under the bar, every four hours. */
export const BAR_HOURS: readonly number[] = Array.from({ length: (LAST_HOUR - FIRST_HOUR) / 4 + 1 }, (_, i) => FIRST_HOUR + i * 4);

/** Minutes since `date`'s midnight of a `YYYY-MM-DD HH:mm[:ss]` time; before or after that day: 0 or 24 h. */
function minuteOfDay(date: string, time: string): number {
  const day = time.slice(0, 10);
  if (day < date) return 0;
  if (day > date) return 24 * 60;
  return Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16));
}

/**
 * Where a booking sits on `date`'s bar, as left and width in percent; null when it lies wholly
 * outside the working hours (a booking over several days is cut to the day shown).
 */
export function daySegment(date: string, startTime: string, endTime: string): { left: number; width: number } | null {
  const span = BAR_END_MINUTE - BAR_START_MINUTE;
  const start = Math.max(BAR_START_MINUTE, minuteOfDay(date, startTime));
  const end = Math.min(BAR_END_MINUTE, minuteOfDay(date, endTime));
  if (end <= start) return null;
  return { left: ((start - BAR_START_MINUTE) / span) * 100, width: ((end - start) / span) * 100 };
}
