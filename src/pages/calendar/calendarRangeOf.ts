import dayjs, { type Dayjs } from 'dayjs';
import { Views, type View } from 'react-big-calendar';

/** Days the agenda view lists from its date (react-big-calendar's default length). */
const AGENDA_DAYS = 30;

/**
 * The span a view shows, to ask the server for: the month view's whole weeks (the leading and
 * trailing days of the neighbouring months included), the week, the day, the agenda's 30 days.
 */
export function rangeOf(view: View, date: Date, culture: string): { start: Dayjs; end: Dayjs } {
  const at = dayjs(date).locale(culture);
  if (view === Views.MONTH) return { start: at.startOf('month').startOf('week'), end: at.endOf('month').endOf('week').add(1, 'second') };
  if (view === Views.WEEK) return { start: at.startOf('week'), end: at.startOf('week').add(7, 'day') };
  if (view === Views.DAY) return { start: at.startOf('day'), end: at.startOf('day').add(1, 'day') };
  return { start: at.startOf('day'), end: at.startOf('day').add(AGENDA_DAYS + 1, 'day') };
}
