import { callKey } from '../../calls/CallHandler';
import type { ServerModule } from '../ServerModule';
import { seedCalendarDemoData } from './calendarDemoData';
import { forgetReminders, rearmReminders, sendCalendarReminders } from './calendarReminders';
import { moveCalendarEntryCall } from './moveEntryCall';
import { getMyCalendarCall } from './myCalendarCall';
import { getSubordinateCalendarCall } from './subordinateCalendarCall';

/**
 * 日程 (schemas/calendar): the calendar reads, the drag call, the reminder job, demo entries. The
 * other writes are the generic calls (personal rows).
 */
export const calendarModule: ServerModule = {
  name: 'calendar',
  beforeWrite: { CalendarEntry: rearmReminders },
  beforeDelete: { CalendarEntry: forgetReminders },
  jobs: { sendCalendarReminders },
  schedules: { sendCalendarReminders: { taskName: '日程提醒', cron: '* * * * *', enabled: 1 } },
  registerCalls(table) {
    table.set(callKey('get', 'calendar', 'getMyCalendar'), getMyCalendarCall);
    table.set(callKey('get', 'calendar', 'getSubordinateCalendar'), getSubordinateCalendarCall);
    table.set(callKey('set', 'calendar', 'moveCalendarEntry'), moveCalendarEntryCall);
  },
  seedDemoData: seedCalendarDemoData,
};
