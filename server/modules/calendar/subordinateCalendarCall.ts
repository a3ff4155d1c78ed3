import type { CalendarSubordinate } from '../../../runtime/core/calendar';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { systemEntity } from '../../context';
import { ApiError } from '../../http/ApiError';
import { ledDepartments } from '../office/diaryCalls';
import { readRange } from './calendarRange';
import { entryEvents, mayMeetRange, withOwnerNames } from './calendarEvents';
import { requireCalendarEntity } from './requireCalendarEntity';

/** The active people of the departments the caller leads (Dept.leaderId) and those below them, the caller left out. */
export async function subordinatesOf(ctx: ServerContext, principal: Principal): Promise<CalendarSubordinate[]> {
  const depts = await ledDepartments(ctx, principal);
  if (depts.length === 0) return [];
  const user = systemEntity(ctx, 'User');
  const dept = systemEntity(ctx, 'Dept');
  const rows = await ctx.database.db.selectFrom(`${user.table} as u`)
    .leftJoin(`${dept.table} as d`, `d.${dept.key}`, 'u.deptId')
    .select([`u.${user.key} as userId`, 'u.userName as userName', 'd.deptName as deptName'])
    .where('u.deptId', 'in', depts).where('u.status', '=', 1).where(`u.${user.key}`, '<>', principal.userId)
    .orderBy('u.userName').execute();
  return rows.map((r) => ({ userId: String(r.userId), userName: String(r.userName), deptName: (r.deptName as string | null) ?? null }));
}

/**
 * GET /get/calendar/getSubordinateCalendar?start=&end=[&userId=]: the people the caller leads and
 * the calendar entries they own in the range (one of them with `userId`). Their private entries
 * come as "busy" — time only, no title, place or people. A caller who leads no department gets no
 * people and no entries; a `userId` outside them is refused (403).
 */
export const getSubordinateCalendarCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const entity = requireCalendarEntity(ctx);
    requirePermission(principal, entity.permissions.list);
    const range = readRange(request.params);
    const users = await subordinatesOf(ctx, principal);
    const wanted = String(request.params.userId ?? '').trim();
    if (wanted && !users.some((u) => u.userId === wanted)) throw ApiError.forbidden('calendar.notSubordinate');
    const owners = wanted ? [wanted] : users.map((u) => u.userId);
    if (owners.length === 0) return { users, events: [] };
    const rows = await ctx.database.db.selectFrom(entity.table).selectAll()
      .where('createUser', 'in', owners).where(mayMeetRange(range))
      .limit(2000).execute();
    const busy = request.t('calendar.busy');
    // Seen by a leader, not a participant: the viewer rule of entryEvents makes private entries busy.
    const events = rows.flatMap((row) => entryEvents(row, range, principal.userId, busy))
      .map((event) => ({ ...event, mine: false }));
    return { users, events: await withOwnerNames(ctx, events) };
  },
};
