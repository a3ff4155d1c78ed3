import { describe, expect, it } from 'vitest';
import { daySegment } from '../../../src/pages/mobile/meeting/daySegment';

/** Where the phone's room bar (08:00–20:00) draws a booking of the day shown. */
describe('the room bar of a day', () => {
  it('places a booking inside the working hours by its share of the twelve hours', () => {
    expect(daySegment('2031-05-06', '2031-05-06 08:00:00', '2031-05-06 20:00:00')).toEqual({ left: 0, width: 100 });
    expect(daySegment('2031-05-06', '2031-05-06 14:00:00', '2031-05-06 17:00:00')).toEqual({ left: 50, width: 25 });
    expect(daySegment('2031-05-06', '2031-05-06 09:30', '2031-05-06 10:00')).toEqual({ left: 12.5, width: (30 / 720) * 100 });
  });

  it('cuts what lies outside the hours or the day, and leaves out a booking wholly outside', () => {
    expect(daySegment('2031-05-06', '2031-05-06 07:00:00', '2031-05-06 09:00:00')).toEqual({ left: 0, width: (60 / 720) * 100 });
    expect(daySegment('2031-05-06', '2031-05-05 18:00:00', '2031-05-07 09:00:00')).toEqual({ left: 0, width: 100 });
    expect(daySegment('2031-05-06', '2031-05-06 20:00:00', '2031-05-06 21:00:00')).toBeNull();
    expect(daySegment('2031-05-06', '2031-05-06 06:00:00', '2031-05-06 08:00:00')).toBeNull();
  });
});
