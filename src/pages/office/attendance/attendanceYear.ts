/**
 * The attendance year view's arithmetic, apart from the screen: one person's clock-ins of a year
 * (getOfficeAttendanceYearList) turned into a state per day and the year's totals. Dates are
 * 'YYYY-MM-DD' texts and are walked in UTC, so no time zone shifts a day.
 */

/** A clock-in as the year list answers it (schemas/office/OfficeAttendance.json). */
export interface ClockIn {
  attendanceId: string;
  clockDate: string;
  clockType: 'start' | 'end';
  clockTime: string;
  result: 'normal' | 'late' | 'early' | null;
}

/**
 * - normal: clocked in and out on time; abnormal: late or early (or both);
 * - missing: one of the two clock-ins is missing on a past day (缺卡);
 * - absent: a past working day (Monday to Friday) without any, counted from the year's first clock-in;
 * - rest: a weekend day without any; none: nothing to say (before the first clock-in, or still to come).
 */
export type DayState = 'normal' | 'abnormal' | 'missing' | 'absent' | 'rest' | 'none';

export interface DaySummary {
  date: string;
  state: DayState;
  start?: ClockIn;
  end?: ClockIn;
}

export interface YearTotals {
  /** Days with at least one clock-in. */
  present: number;
  late: number;
  early: number;
  missing: number;
  absent: number;
}

const DAY_MS = 86_400_000;

/** Every date of the year, in order. */
export function datesOfYear(year: number): string[] {
  const dates: string[] = [];
  for (let time = Date.UTC(year, 0, 1); time < Date.UTC(year + 1, 0, 1); time += DAY_MS) dates.push(new Date(time).toISOString().slice(0, 10));
  return dates;
}

/** 0 = Sunday … 6 = Saturday, as Date.getDay. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function stateOf(date: string, start: ClockIn | undefined, end: ClockIn | undefined, today: string, firstClockIn: string | undefined): DayState {
  const weekend = weekdayOf(date) === 0 || weekdayOf(date) === 6;
  if (!start && !end) {
    if (date >= today || !firstClockIn || date < firstClockIn) return weekend ? 'rest' : 'none';
    return weekend ? 'rest' : 'absent';
  }
  // Today's evening clock-in may still come.
  if ((!start || !end) && date < today) return 'missing';
  return start?.result === 'late' || end?.result === 'early' ? 'abnormal' : 'normal';
}

/** Each day of `year` with its clock-ins and state, and the year's totals up to `today` ('YYYY-MM-DD'). */
export function summariseYear(year: number, clockIns: readonly ClockIn[], today: string): { days: DaySummary[]; totals: YearTotals } {
  const byDate = new Map<string, { start?: ClockIn; end?: ClockIn }>();
  for (const clockIn of clockIns) {
    const day = byDate.get(clockIn.clockDate) ?? {};
    day[clockIn.clockType] = clockIn;
    byDate.set(clockIn.clockDate, day);
  }
  const firstClockIn = [...byDate.keys()].sort()[0];
  const totals: YearTotals = { present: 0, late: 0, early: 0, missing: 0, absent: 0 };
  const days = datesOfYear(year).map((date): DaySummary => {
    const { start, end } = byDate.get(date) ?? {};
    const state = stateOf(date, start, end, today, firstClockIn);
    if (start || end) totals.present += 1;
    if (start?.result === 'late') totals.late += 1;
    if (end?.result === 'early') totals.early += 1;
    if (state === 'missing') totals.missing += 1;
    if (state === 'absent') totals.absent += 1;
    return { date, state, start, end };
  });
  return { days, totals };
}

/** A month as weeks from Monday to Sunday: the month's days, null where a week reaches into the next or last month. */
export function monthWeeks(days: readonly DaySummary[], month: number): (DaySummary | null)[][] {
  const inMonth = days.filter((day) => Number(day.date.slice(5, 7)) === month);
  const weeks: (DaySummary | null)[][] = [];
  let week: (DaySummary | null)[] = Array.from({ length: (weekdayOf(inMonth[0].date) + 6) % 7 }, () => null);
  for (const day of inMonth) {
    week.push(day);
    if (week.length === 7) { weeks.push(week); week = []; }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}
