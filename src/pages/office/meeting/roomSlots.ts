/**
 * The meeting-room occupancy board's arithmetic, kept apart from the screen: which booking holds a
 * room's hour, and the link that books a free one. Times are the wire's local
 * 'YYYY-MM-DD HH:mm:ss' texts, which compare in time order as strings.
 */

/** A booking as getOfficeMeetingRoomOccupancy answers it (server/modules/office/meetingNotice.ts). */
export interface RoomBooking {
  meetingId: string;
  title: string;
  startTime: string;
  endTime: string;
  hostName: string | null;
  status: 'applied' | 'approved';
}

export interface RoomOccupancy {
  roomId: string;
  name: string;
  location: string | null;
  capacity: number | null;
  bookings: RoomBooking[];
}

/** The board's hours: slots of one hour from 08:00 to 20:00, the hours rooms are booked in. */
export const FIRST_HOUR = 8;
export const LAST_HOUR = 20;
export const SLOT_HOURS: readonly number[] = Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => FIRST_HOUR + i);

const pad = (n: number) => String(n).padStart(2, '0');

/** The hour slot `hour` of `day` ('YYYY-MM-DD') as start and end times. */
export function slotTimes(day: string, hour: number): { startTime: string; endTime: string } {
  return { startTime: `${day} ${pad(hour)}:00:00`, endTime: `${day} ${pad(hour + 1)}:00:00` };
}

/** The booking that holds any part of the hour (half-open intervals: a booking ending at 10:00 leaves 10:00–11:00 free). */
export function bookingAt(bookings: readonly RoomBooking[], day: string, hour: number): RoomBooking | undefined {
  const { startTime, endTime } = slotTimes(day, hour);
  return bookings.find((booking) => booking.startTime < endTime && booking.endTime > startTime);
}

/** Whether the slot's hour has begun by `now` ('YYYY-MM-DD HH:mm:ss'): no booking starts in the past. */
export function slotPassed(day: string, hour: number, now: string): boolean {
  return slotTimes(day, hour).endTime <= now;
}

/** Whether this slot is the first one of `booking` on the board of `day` (the one that carries its title). */
export function opensBooking(booking: RoomBooking, day: string, hour: number): boolean {
  return hour === FIRST_HOUR || booking.startTime >= slotTimes(day, hour).startTime;
}

/** The booking form of the meeting page, starting with the room and the free hour (runtime/react/form/presetValues.ts). */
export function bookingFormPath(meetingPath: string, room: Pick<RoomOccupancy, 'roomId' | 'name'>, day: string, hour: number): string {
  const query = new URLSearchParams({ room: room.roomId, roomName: room.name, ...slotTimes(day, hour) });
  return `${meetingPath}/save?${query.toString()}`;
}
