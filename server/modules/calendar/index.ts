import { callKey } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { seedCalendarDemoData } from './calendarDemoData';
import { rearmReminder, sendCalendarReminders } from './calendarReminders';
import { getMyCalendarCall } from './myCalendarCall';
import { getSubordinateCalendarCall } from './subordinateCalendarCall';

/** 日程 (schemas/calendar): the calendar reads, the reminder job, demo entries. Writes are the generic calls (personal rows). */
export const calendarModule: ServerModule = {
  name: 'calendar',
  beforeWrite: { CalendarEntry: rearmReminder },
  jobs: { sendCalendarReminders },
  registerCalls(table) {
    table.set(callKey('get', 'calendar', 'getMyCalendar'), getMyCalendarCall);
    table.set(callKey('get', 'calendar', 'getSubordinateCalendar'), getSubordinateCalendarCall);
  },
  seedDemoData: seedCalendarDemoData,
};
