import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { readRange, type CalendarRange } from './calendarRange';
import type { CalendarEvent } from '../../../runtime/core/calendar';
import { entryEvents, mayMeetRange, namesUser, withOwnerNames } from './calendarEvents';
import { requireCalendarEntity } from './requireCalendarEntity';

/** Approved meeting bookings the user hosts or attends (schemas/office OfficeMeeting), when the office module is there. */
async function meetingEvents(ctx: ServerContext, principal: Principal, range: CalendarRange): Promise<CalendarEvent[]> {
  const meeting = ctx.registry.entities.get('OfficeMeeting');
  if (!meeting) return [];
  const rows = await ctx.database.db.selectFrom(meeting.table).selectAll()
    .where('status', '=', 'approved')
    .where('startTime', '<', range.end).where('endTime', '>=', range.start)
    .where((eb) => eb.or([eb('host', '=', principal.userId), namesUser('attendees', principal.userId)]))
    .limit(500).execute();
  const roomNames = new Map<string, string>();
  const room = ctx.registry.entities.get('OfficeMeetingRoom');
  const roomIds = [...new Set(rows.map((r) => String(r.room ?? '')).filter(Boolean))];
  if (room && roomIds.length) {
    for (const r of await ctx.database.db.selectFrom(room.table).select([room.key, 'name']).where(room.key, 'in', roomIds).execute()) {
      roomNames.set(String(r[room.key]), String(r.name));
    }
  }
  return rows.map((row) => ({
    key: `meeting:${String(row[meeting.key])}`, source: 'meeting', id: String(row[meeting.key]), title: String(row.title),
    start: String(row.startTime), end: String(row.endTime), allDay: false,
    location: roomNames.get(String(row.room)) ?? null, entryType: 'meeting', privateFlag: false,
    mine: row.host === principal.userId, busy: false, ownerId: String(row.host), ownerName: null,
    participants: String(row.attendees ?? '').split(',').filter(Boolean), repeating: false, rowVersion: null, occurrence: null,
  }));
}

/**
 * Public activities of the unit's leaders (LeaderActivity of the information module), when that
 * entity is installed with the fields read here; otherwise nothing.
 */
async function leaderEvents(ctx: ServerContext, principal: Principal, range: CalendarRange): Promise<CalendarEvent[]> {
  const activity = ctx.registry.entities.get('LeaderActivity');
  const needed = ['leader', 'title', 'startTime', 'endTime', 'isPublic'];
  if (!activity || !needed.every((name) => activity.fields.some((f) => f.name === name))) return [];
  const hasPlace = activity.fields.some((f) => f.name === 'place');
  const rows = await ctx.database.db.selectFrom(activity.table).selectAll()
    .where('isPublic', '=', 1).where('unitId', '=', principal.unitId)
    .where('startTime', '<', range.end).where('endTime', '>=', range.start)
    .limit(500).execute();
  return rows.map((row) => ({
    key: `leader:${String(row[activity.key])}`, source: 'leader', id: String(row[activity.key]), title: String(row.title),
    start: String(row.startTime), end: String(row.endTime), allDay: false,
    location: hasPlace ? (row.place as string | null) ?? null : null, entryType: null, privateFlag: false,
    mine: row.leader === principal.userId, busy: false, ownerId: String(row.leader ?? ''), ownerName: null,
    participants: [], repeating: false, rowVersion: null, occurrence: null,
  }));
}

/**
 * GET /get/calendar/getMyCalendar?start=&end= (dates or datetimes, at most 62 days): the caller's
 * own entries, the entries naming them as a participant, their approved meeting bookings and the
 * unit leaders' public activities, as occurrences (repeating entries expanded), by start time.
 * Needs the calendar list permission (every staff member holds it).
 */
export const getMyCalendarCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const entity = requireCalendarEntity(ctx);
    requirePermission(principal, entity.permissions.list);
    const range = readRange(request.params);
    const rows = await ctx.database.db.selectFrom(entity.table).selectAll()
      .where((eb) => eb.or([eb('createUser', '=', principal.userId), namesUser('participants', principal.userId)]))
      .where(mayMeetRange(range))
      .limit(2000).execute();
    const busy = request.t('calendar.busy');
    const events = [
      ...rows.flatMap((row) => entryEvents(row, range, principal.userId, busy)),
      ...(await meetingEvents(ctx, principal, range)),
      ...(await leaderEvents(ctx, principal, range)),
    ];
    return withOwnerNames(ctx, events);
  },
};
