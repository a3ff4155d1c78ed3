import { describe, expect, it } from 'vitest';
import { greyModeRemainingMs, isGreyModeActive, parseGreyEndTime } from '../../../runtime/core/theme';

describe('grey mode window (now < GREY_END_TIME)', () => {
  const end = new Date(2025, 3, 4, 23, 59, 59).getTime();

  it('reads local date-times, ISO texts and epoch milliseconds', () => {
    expect(parseGreyEndTime('2025-04-04 23:59:59')).toBe(end);
    expect(parseGreyEndTime('2025-04-04T23:59:59')).toBe(end);
    expect(parseGreyEndTime('2025-4-4 23:59:59')).toBe(end);
    expect(parseGreyEndTime('2025-04-04')).toBe(new Date(2025, 3, 4).getTime());
    expect(parseGreyEndTime(end)).toBe(end);
    expect(parseGreyEndTime(String(end))).toBe(end);
    expect(parseGreyEndTime('2025-04-04T15:59:59Z')).toBe(Date.UTC(2025, 3, 4, 15, 59, 59));
  });

  it('treats blank, zero and nonsense as "no grey mode"', () => {
    for (const none of ['', '  ', '0', 0, -5, null, undefined, 'soon', '2025-02-30 00:00:00', Number.NaN]) {
      expect(parseGreyEndTime(none)).toBeNull();
      expect(isGreyModeActive(none, end - 1000)).toBe(false);
    }
  });

  it('is active strictly before the end time, and not at or after it', () => {
    expect(isGreyModeActive('2025-04-04 23:59:59', end - 1)).toBe(true);
    expect(isGreyModeActive('2025-04-04 23:59:59', end)).toBe(false);
    expect(isGreyModeActive('2025-04-04 23:59:59', end + 1)).toBe(false);
    expect(isGreyModeActive(end, 0)).toBe(true);
  });

  it('tells how long it has left, for the timer that lifts it', () => {
    expect(greyModeRemainingMs(end, end - 5000)).toBe(5000);
    expect(greyModeRemainingMs(end, end)).toBeNull();
    expect(greyModeRemainingMs(0, end)).toBeNull();
  });
});
