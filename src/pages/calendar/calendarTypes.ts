import type { CalendarEvent } from '../../../runtime/core/calendar';

/** What react-big-calendar draws: the server's occurrence (runtime/core/calendar) plus Date objects. */
export interface CalendarItem {
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  row: CalendarEvent;
}
