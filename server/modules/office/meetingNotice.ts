import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { splitIds, rowToApi } from '../../entity/rowValues';
import { rowScopeFor } from '../../entity/dataScope';
import { attachDisplayNames } from '../../entity/displayNames';
import { dispatchMessage } from '../../messages/dispatchMessage';
import { detailsLinkFor } from '../../messages/detailsLink';
import { requireEntity } from './requireEntity';

/** The message type of a meeting notice (MessageConfig code; the demo data seeds its template). */
export const MEETING_NOTICE_TYPE = 'officeMeetingNotice';

/**
 * POST sendOfficeMeetingNotice {meetingId, remark?}: tells every attendee of an approved booking
 * when and where it takes place, in each attendee's language (the row action 发送会议通知 sends
 * the booking as `id`, as every row action does). The host sends it (or whoever may
 * update the booking within their data scope); a booking not approved, or without attendees, is
 * refused in words. Answers how many were told.
 */
export const sendOfficeMeetingNoticeCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const meetings = requireEntity(ctx, 'OfficeMeeting');
    const id = String(params.meetingId ?? params.id ?? '');
    if (!principal.permissions.has(meetings.permissions.update)) throw ApiError.forbidden('error.noPermission', { permission: meetings.permissions.update });
    const raw = await ctx.database.db.selectFrom(meetings.table).selectAll().where(meetings.key, '=', id).executeTakeFirst();
    if (!raw) throw ApiError.notFound();
    const manage = await rowScopeFor(ctx, meetings, principal, 'manage');
    if (raw.host !== principal.userId && !(principal.permissions.has(meetings.permissions.list) && manage.allows(raw))) {
      throw ApiError.forbidden('error.noPermission', { permission: meetings.permissions.update });
    }
    const meeting = rowToApi(meetings, raw);
    if (meeting.status !== 'approved') throw ApiError.business('entity.OfficeMeeting.rule.noticeNeedsApproval');
    const attendees = splitIds(meeting.attendees).filter((userId) => userId !== principal.userId);
    if (attendees.length === 0) throw ApiError.business('entity.OfficeMeeting.rule.noAttendees');
    await attachDisplayNames(ctx, meetings, [meeting]);
    const link = await detailsLinkFor(ctx, meetings, id);
    const remark = typeof params.remark === 'string' ? params.remark.slice(0, 500) : '';
    for (const receiverId of attendees) {
      await dispatchMessage(ctx, {
        typeCode: MEETING_NOTICE_TYPE, receiverId, msgType: 'reminder', link,
        compose: (t) => ({
          title: t('entity.OfficeMeeting.notice.title', { title: meeting.title }),
          vars: { title: meeting.title, room: meeting.roomName ?? '', startTime: meeting.startTime, endTime: meeting.endTime, host: meeting.hostName ?? '', remark },
        }),
      });
    }
    return { notified: attendees.length };
  },
};

/** The longest span the occupancy view asks for at once: its week. */
const OCCUPANCY_MAX_DAYS = 7;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The first and last day asked for: `date` alone (one day), or `start` and `end` (at most a week). */
function occupancyDays(params: Record<string, unknown>): { first: string; last: string } {
  const first = String(params.start ?? params.date ?? '');
  const last = String(params.end ?? params.date ?? first);
  if (!DAY_PATTERN.test(first) || !DAY_PATTERN.test(last)) throw ApiError.business('entity.OfficeMeeting.rule.badDate');
  const span = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000;
  if (!(span >= 0 && span < OCCUPANCY_MAX_DAYS)) throw ApiError.business('entity.OfficeMeeting.rule.badRange', { days: OCCUPANCY_MAX_DAYS });
  return { first, last };
}

/**
 * GET getOfficeMeetingRoomOccupancy {date} or {start, end} (at most seven days): every open room
 * with its active bookings (applied or approved) overlapping those days, for the occupancy view
 * (src/pages/office/meeting). Titles and hosts of bookings are shown to all who may book — a taken
 * slot must say by whom to be negotiable — but nothing else of them.
 */
export const getOfficeMeetingRoomOccupancyCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const meetings = requireEntity(ctx, 'OfficeMeeting');
    const rooms = requireEntity(ctx, 'OfficeMeetingRoom');
    if (!principal.permissions.has(meetings.permissions.insert) && !principal.permissions.has(meetings.permissions.list)) {
      throw ApiError.forbidden('error.noPermission', { permission: meetings.permissions.insert });
    }
    const { first, last } = occupancyDays(params);
    const { db } = ctx.database;
    const roomRows = await db.selectFrom(rooms.table).select([rooms.key, 'name', 'location', 'capacity']).where('status', '=', 'open')
      .where('unitId', '=', principal.unitId).orderBy('name').execute();
    const bookings = await db.selectFrom(meetings.table).select([meetings.key, 'room', 'title', 'startTime', 'endTime', 'host', 'status'])
      .where('status', 'in', ['applied', 'approved']).where('startTime', '<', `${last} 23:59:59`).where('endTime', '>', `${first} 00:00:00`)
      .where('unitId', '=', principal.unitId).orderBy('startTime').execute();
    const answered = bookings.map((row) => ({ ...row }));
    await attachDisplayNames(ctx, meetings, answered);
    return roomRows.map((room) => ({
      roomId: room[rooms.key], name: room.name, location: room.location, capacity: room.capacity,
      bookings: answered.filter((b) => b.room === room[rooms.key])
        .map((b) => ({ meetingId: b[meetings.key], title: b.title, startTime: b.startTime, endTime: b.endTime, hostName: b.hostName ?? null, status: b.status })),
    }));
  },
};
