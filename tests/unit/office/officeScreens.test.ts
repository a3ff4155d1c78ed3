import { describe, expect, it } from 'vitest';
import { bookingAt, bookingFormPath, opensBooking, slotPassed, SLOT_HOURS, type RoomBooking } from '../../../src/pages/office/meeting/roomSlots';
import { monthWeeks, summariseYear, type ClockIn } from '../../../src/pages/office/attendance/attendanceYear';
import { presetValues } from '../../../runtime/react/form/presetValues';
import { contractBundle } from '../react/contractFixture';

const booking = (startTime: string, endTime: string, status: RoomBooking['status'] = 'approved'): RoomBooking => ({
  meetingId: `${startTime}-${endTime}`, title: '周例会', startTime, endTime, hostName: '吴婷', status,
});

describe('the meeting-room occupancy board', () => {
  const bookings = [booking('2031-05-06 09:00:00', '2031-05-06 10:30:00'), booking('2031-05-06 14:00:00', '2031-05-06 15:00:00', 'applied')];

  it('covers 08:00 to 20:00 in hours and finds the booking holding any part of an hour', () => {
    expect(SLOT_HOURS).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(bookingAt(bookings, '2031-05-06', 8)).toBeUndefined();
    expect(bookingAt(bookings, '2031-05-06', 9)).toBe(bookings[0]);
    // 10:00–10:30 is still taken; a booking ending at 15:00 leaves 15:00–16:00 free (half-open, as the server's clash check).
    expect(bookingAt(bookings, '2031-05-06', 10)).toBe(bookings[0]);
    expect(bookingAt(bookings, '2031-05-06', 14)?.status).toBe('applied');
    expect(bookingAt(bookings, '2031-05-06', 15)).toBeUndefined();
    expect(bookingAt(bookings, '2031-05-07', 9)).toBeUndefined();
  });

  it('titles a booking in its first hour of the day and in 08:00 when it began the day before', () => {
    expect(opensBooking(bookings[0], '2031-05-06', 9)).toBe(true);
    expect(opensBooking(bookings[0], '2031-05-06', 10)).toBe(false);
    expect(opensBooking(booking('2031-05-05 16:00:00', '2031-05-06 12:00:00'), '2031-05-06', 8)).toBe(true);
  });

  it('offers no hour that has ended, and books a free one through the meeting form with room and time', () => {
    expect(slotPassed('2031-05-06', 9, '2031-05-06 09:59:59')).toBe(false);
    expect(slotPassed('2031-05-06', 9, '2031-05-06 10:00:00')).toBe(true);
    const path = bookingFormPath('/office/meeting', { roomId: 'r1', name: '第一会议室' }, '2031-05-06', 19);
    const [base, query] = path.split('?');
    expect(base).toBe('/office/meeting/save');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      room: 'r1', roomName: '第一会议室', startTime: '2031-05-06 19:00:00', endTime: '2031-05-06 20:00:00',
    });
  });
});

describe('the attendance year view', () => {
  const clock = (clockDate: string, clockType: 'start' | 'end', time: string, result: ClockIn['result'] = 'normal'): ClockIn => ({
    attendanceId: `${clockDate}-${clockType}`, clockDate, clockType, clockTime: `${clockDate} ${time}`, result,
  });

  it('judges each day from the year\'s first clock-in on and counts the year', () => {
    // 2031-03-03 is a Monday.
    const clockIns = [
      clock('2031-03-03', 'start', '08:50:00'), clock('2031-03-03', 'end', '18:05:00'),
      clock('2031-03-04', 'start', '09:12:00', 'late'), clock('2031-03-04', 'end', '17:40:00', 'early'),
      clock('2031-03-05', 'start', '08:55:00'),
      clock('2031-03-10', 'start', '08:58:00'),
    ];
    const { days, totals } = summariseYear(2031, clockIns, '2031-03-10');
    const state = (date: string) => days.find((day) => day.date === date)?.state;
    expect(days).toHaveLength(365);
    expect(state('2031-03-02')).toBe('rest');
    expect(state('2031-02-28')).toBe('none'); // before the first clock-in: nothing is claimed
    expect(state('2031-03-03')).toBe('normal');
    expect(state('2031-03-04')).toBe('abnormal');
    expect(state('2031-03-05')).toBe('missing');
    expect(state('2031-03-06')).toBe('absent');
    expect(state('2031-03-08')).toBe('rest');
    expect(state('2031-03-10')).toBe('normal'); // today: the evening clock-in may still come
    expect(state('2031-03-11')).toBe('none');
    expect(totals).toEqual({ present: 4, late: 1, early: 1, missing: 1, absent: 2 });
  });

  it('lays a month out in weeks from Monday, blank before the 1st and after the last day', () => {
    const { days } = summariseYear(2031, [], '2031-01-01');
    const march = monthWeeks(days, 3);
    // 2031-03-01 is a Saturday: five blanks, then the 1st and the 2nd.
    expect(march[0].map((day) => day?.date ?? null)).toEqual([null, null, null, null, null, '2031-03-01', '2031-03-02']);
    expect(march.every((week) => week.length === 7)).toBe(true);
    expect(march.flat().filter(Boolean)).toHaveLength(31);
    expect(march[march.length - 1].filter(Boolean).pop()?.date).toBe('2031-03-31');
  });
});

describe('a new record started from a link', () => {
  const { entity } = contractBundle();

  it('takes the form\'s plain fields and the names of its references, numbers as numbers', () => {
    const query = new URLSearchParams({
      title: '劳动合同', owner: 'u1', ownerName: '李娜', project: 'p1', projectName: '门户改版', salary: '8800', signDate: '2031-05-06',
    });
    expect(presetValues(entity, query)).toEqual({
      title: '劳动合同', owner: 'u1', ownerName: '李娜', project: 'p1', projectName: '门户改版', salary: 8800, signDate: '2031-05-06',
    });
  });

  it('leaves out system, state, file, range and sub-table fields, names of plain fields, and numbers that are not', () => {
    const query = new URLSearchParams({
      status: 'approved', createUser: 'u9', files: 'a1', period: '2031-01-01,2031-12-31', items: '[]', titleName: 'x', title: '', salary: '八千',
    });
    expect(presetValues(entity, query)).toEqual({});
  });
});
