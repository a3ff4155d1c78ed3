import { sql, type Expression, type SqlBool } from 'kysely';
import type { ServerContext } from '../../context';
import { systemEntity } from '../../context';
import { REPEAT_RULES, isRepeatRule, type CalendarEvent } from '../../../runtime/core/calendar';
import { storedRowVersion } from '../../entity/rowVersion';
import { occurrencesIn, type CalendarRange } from './calendarRange';

/**
 * `column` (a users field, stored comma-joined without blanks) names `userId`; the same
 * delimited LIKE on SQLite and PostgreSQL, ids being hex and holding no wildcard.
 */
export function namesUser(column: string, userId: string): Expression<SqlBool> {
  return sql<SqlBool>`(',' || coalesce(${sql.ref(column)}, '') || ',') like ${`%,${userId},%`}`;
}

/** Entries whose own time or repetitions may meet the range (repetitions are expanded afterwards). */
export function mayMeetRange(range: CalendarRange) {
  return sql<SqlBool>`${sql.ref('startTime')} < ${range.end} and (${sql.ref('endTime')} >= ${range.start}
    or (${sql.ref('repeatRule')} in (${sql.join([...REPEAT_RULES])}) and (${sql.ref('repeatUntil')} is null or ${sql.ref('repeatUntil')} >= ${range.start.slice(0, 10)})))`;
}

export async function userNames(ctx: ServerContext, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)].filter(Boolean);
  if (list.length === 0) return new Map();
  const user = systemEntity(ctx, 'User');
  const rows = await ctx.database.db.selectFrom(user.table).select([user.key, 'userName']).where(user.key, 'in', list).execute();
  return new Map(rows.map((r) => [String(r[user.key]), String(r.userName)]));
}

const ids = (value: unknown): string[] => String(value ?? '').split(',').filter(Boolean);

/** A calendar entry row → its occurrences in the range, told as `viewer` may see them. */
export function entryEvents(row: Record<string, unknown>, range: CalendarRange, viewer: string, busyText: string): CalendarEvent[] {
  const ownerId = String(row.createUser);
  const mine = ownerId === viewer;
  const participants = ids(row.participants);
  // A private entry shows its details to its owner and the people it names; anyone else sees the time only.
  const busy = Number(row.privateFlag) === 1 && !mine && !participants.includes(viewer);
  return occurrencesIn(row, range).map((o) => ({
    key: `entry:${String(row.entryId)}:${o.start}`,
    source: 'entry',
    id: String(row.entryId),
    title: busy ? busyText : String(row.title),
    start: o.start,
    end: o.end,
    allDay: Number(row.allDay) === 1,
    location: busy ? null : (row.location as string | null) ?? null,
    entryType: busy ? null : (row.entryType as string | null) ?? null,
    privateFlag: Number(row.privateFlag) === 1,
    mine,
    busy,
    ownerId,
    ownerName: null,
    participants: busy ? [] : participants,
    repeating: isRepeatRule(row.repeatRule),
    rowVersion: storedRowVersion(row),
    occurrence: o.index,
  }));
}

/** Fills ownerName from the users table. */
export async function withOwnerNames(ctx: ServerContext, events: CalendarEvent[]): Promise<CalendarEvent[]> {
  const names = await userNames(ctx, events.map((e) => e.ownerId));
  for (const event of events) event.ownerName = names.get(event.ownerId) ?? null;
  return events.sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key));
}
