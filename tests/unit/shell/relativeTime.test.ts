import { describe, expect, it } from 'vitest';
import { relativeTime, toEpochMs } from '../../../runtime/core/time';

const now = new Date(2025, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relative time (刚刚, minutes, hours, days up to 31, then a date)', () => {
  it('says 刚刚 under a minute', () => {
    expect(relativeTime(now, now)).toEqual({ unit: 'justNow' });
    expect(relativeTime(ago(59 * SECOND), now)).toEqual({ unit: 'justNow' });
  });

  it('counts minutes from 1 to 59', () => {
    expect(relativeTime(ago(MINUTE), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toEqual({ unit: 'minutes', count: 59 });
  });

  it('counts hours from 1 to 23', () => {
    expect(relativeTime(ago(HOUR), now)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTime(ago(DAY - 1), now)).toEqual({ unit: 'hours', count: 23 });
  });

  it('counts days from 1 up to and including 31', () => {
    expect(relativeTime(ago(DAY), now)).toEqual({ unit: 'days', count: 1 });
    expect(relativeTime(ago(31 * DAY), now)).toEqual({ unit: 'days', count: 31 });
    expect(relativeTime(ago(32 * DAY - 1), now)).toEqual({ unit: 'days', count: 31 });
  });

  it('shows the date from 32 days on', () => {
    expect(relativeTime(ago(32 * DAY), now)).toEqual({ unit: 'date', date: '2025-05-14' });
    expect(relativeTime('2024-01-02 08:00:00', now)).toEqual({ unit: 'date', date: '2024-01-02' });
  });

  it('shows the date of a future time, and the text of an unreadable one', () => {
    expect(relativeTime(now + HOUR, now)).toEqual({ unit: 'date', date: '2025-06-15' });
    expect(relativeTime('not a time', now)).toEqual({ unit: 'date', date: 'not a time' });
  });

  it('reads Date objects, epoch ms and the spec\'s date-time text (local time)', () => {
    expect(toEpochMs(new Date(now))).toBe(now);
    expect(toEpochMs('2025-06-15 11:55:00')).toBe(now - 5 * MINUTE);
    expect(relativeTime('2025-06-15 11:55:00', now)).toEqual({ unit: 'minutes', count: 5 });
    expect(relativeTime(new Date(ago(3 * HOUR)), now)).toEqual({ unit: 'hours', count: 3 });
  });
});
