import { ApiError } from '../../http/ApiError';
import { lockRow } from '../../entity/lockRow';
import { rowToApi } from '../../entity/rowValues';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';

/** Bookings that hold their room: waiting for approval or approved. Rejected and cancelled ones free it. */
const ACTIVE_STATES = ['applied', 'approved'];

/**
 * OfficeMeeting's before-write hook: a booking may not overlap an active booking of the same
 * room ([start, end) intervals, so 09:00–10:00 and 10:00–11:00 both stand), and a closed room
 * takes no new booking. Race-safe: the room's row is held for the rest of the write's
 * transaction, so of two overlapping bookings written at once the second waits, then sees the
 * first and is refused.
 */
export const refuseRoomClash: BeforeWriteHook = async ({ ctx, trx, entity, action, record, existing, id }) => {
  const state = String(record[entity.flow?.field ?? 'status'] ?? entity.flow?.initial ?? '');
  if (!ACTIVE_STATES.includes(state)) return;
  const roomId = typeof record.room === 'string' ? record.room : '';
  const start = String(record.startTime ?? '');
  const end = String(record.endTime ?? '');
  // Required fields: validation has refused a booking without them before any hook runs.
  if (!roomId || !start || !end) return;
  const rooms = ctx.registry.entities.get('OfficeMeetingRoom');
  if (!rooms) throw new Error('OfficeMeeting refers to OfficeMeetingRoom, which the registry lacks');
  // checkStoredValues refused a room id that does not exist, but it may have been deleted since.
  if (!(await lockRow(trx, rooms.table, rooms.key, roomId))) throw ApiError.business('error.recordNotFound');
  const room = await trx.selectFrom(rooms.table).select(['name', 'status']).where(rooms.key, '=', roomId).executeTakeFirstOrThrow();
  const newToRoom = action === 'insert' || existing?.room !== roomId;
  if (newToRoom && room.status === 'closed') throw ApiError.business('entity.OfficeMeeting.rule.roomClosed', { room: room.name });
  let overlapping = trx.selectFrom(entity.table).selectAll()
    .where('room', '=', roomId).where(entity.flow?.field ?? 'status', 'in', ACTIVE_STATES)
    .where('startTime', '<', end).where('endTime', '>', start);
  if (id) overlapping = overlapping.where(entity.key, '<>', id);
  const clash = await overlapping.orderBy('startTime', 'asc').executeTakeFirst();
  if (!clash) return;
  const other = rowToApi(entity, clash);
  throw ApiError.business('entity.OfficeMeeting.rule.roomClash', {
    room: room.name, title: other.title, start: String(other.startTime).slice(0, 16), end: String(other.endTime).slice(0, 16),
  });
};
