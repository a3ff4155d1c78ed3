import { describe, expect, it } from 'vitest';
import { occurrenceAt, occurrencesIn } from '../../../server/modules/calendar/calendarRange';

const week = { start: '2031-06-02 00:00:00', end: '2031-06-09 00:00:00' };
const entry = (values: Record<string, unknown>) => ({ startTime: '2001-01-01 09:00:00', endTime: '2001-01-01 09:30:00', repeatUntil: null, repeatSkips: null, ...values });

/**
 * The expansion every calendar read and the reminder job use (server/modules/calendar/calendarRange.ts):
 * repetitions numbered from the series' start however long ago it began, the ones a drag took out left out.
 */
describe('calendar occurrences', () => {
  it('numbers the repetitions of a series begun thirty years ago from its start', () => {
    const days = (Date.UTC(2031, 5, 2) - Date.UTC(2001, 0, 1)) / 86_400_000; // 2001-01-01 and 2031-06-02 are Mondays
    const daily = occurrencesIn(entry({ repeatRule: 'daily' }), week);
    expect(daily.map((o) => [o.start, o.index])).toEqual(['02', '03', '04', '05', '06', '07', '08'].map((d, i) => [`2031-06-${d} 09:00:00`, days + i]));
    expect(occurrenceAt(entry({ repeatRule: 'daily' }), days + 3)).toEqual(daily[3]);
    expect(occurrencesIn(entry({ repeatRule: 'weekly' }), week)).toEqual([{ start: '2031-06-02 09:00:00', end: '2031-06-02 09:30:00', index: days / 7 }]);
    expect(occurrencesIn(entry({ repeatRule: 'monthly' }), { start: '2031-06-01 00:00:00', end: '2031-07-01 00:00:00' }).map((o) => [o.start, o.index]))
      .toEqual([['2031-06-01 09:00:00', 365]]);
  });

  it('leaves out the repetitions taken out, those past the last day, and answers a one-off entry once', () => {
    const skipping = entry({ startTime: '2031-06-01 09:00:00', endTime: '2031-06-01 10:00:00', repeatRule: 'daily', repeatUntil: '2031-06-05', repeatSkips: '2,4' });
    expect(occurrencesIn(skipping, week).map((o) => [o.start.slice(5, 10), o.index])).toEqual([['06-02', 1], ['06-04', 3]]);
    expect(occurrenceAt(skipping, 2)).toBeUndefined();
    expect(occurrenceAt(skipping, 5)).toBeUndefined(); // 06-06, past repeatUntil
    const once = entry({ startTime: '2031-06-03 14:00:00', endTime: '2031-06-03 15:00:00', repeatRule: 'none' });
    expect(occurrencesIn(once, week)).toEqual([{ start: '2031-06-03 14:00:00', end: '2031-06-03 15:00:00', index: 0 }]);
    expect(occurrenceAt(once, 1)).toBeUndefined();
  });
});
