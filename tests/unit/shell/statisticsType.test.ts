import { describe, expect, it } from 'vitest';
import { isStatisticsType, switchStatisticsType } from '../../../runtime/core/statistics';

describe('statistics form type switch', () => {
  it('0 sets the count to 0 with no unit', () => {
    expect(switchStatisticsType(0)).toEqual({ staType: 0, staTypeCount: 0, unit: '' });
  });

  it('1 sets the count to 1 and labels the unit year', () => {
    expect(switchStatisticsType(1)).toEqual({ staType: 1, staTypeCount: 1, unit: 'year' });
  });

  it('2 sets the count to 1 and labels the unit month', () => {
    expect(switchStatisticsType(2)).toEqual({ staType: 2, staTypeCount: 1, unit: 'month' });
  });

  it('reads the type from a radio value text, and counts anything else as 0', () => {
    expect(switchStatisticsType('2')).toEqual({ staType: 2, staTypeCount: 1, unit: 'month' });
    for (const other of [3, -1, '', 'x', null, undefined, 1.5]) {
      expect(switchStatisticsType(other)).toEqual({ staType: 0, staTypeCount: 0, unit: '' });
    }
    expect([0, 1, 2].every(isStatisticsType)).toBe(true);
    expect(isStatisticsType('1')).toBe(false);
  });
});
