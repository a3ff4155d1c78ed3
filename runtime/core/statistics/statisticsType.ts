import { STATISTICS_TYPES, type StatisticsType } from '../constants/statistics';

/**
 * The statistics form's type switch (spec §3): choosing 0 sets the count to 0 and no unit;
 * 1 labels the unit "year", 2 "month", and both set the count to 1.
 */
export interface StatisticsTypeState {
  staType: StatisticsType;
  staTypeCount: 0 | 1;
  /** Unit of the count: '' for none, 'year' or 'month' (the caller translates it). */
  unit: '' | 'year' | 'month';
}

export function isStatisticsType(value: unknown): value is StatisticsType {
  return value === STATISTICS_TYPES.none || value === STATISTICS_TYPES.year || value === STATISTICS_TYPES.month;
}

/** The form values after switching to `type` ('1' from a radio counts as 1); unknown types count as 0. */
export function switchStatisticsType(type: unknown): StatisticsTypeState {
  const numeric = typeof type === 'string' && type.trim() !== '' ? Number(type) : type;
  switch (isStatisticsType(numeric) ? numeric : STATISTICS_TYPES.none) {
    case STATISTICS_TYPES.year: return { staType: STATISTICS_TYPES.year, staTypeCount: 1, unit: 'year' };
    case STATISTICS_TYPES.month: return { staType: STATISTICS_TYPES.month, staTypeCount: 1, unit: 'month' };
    default: return { staType: STATISTICS_TYPES.none, staTypeCount: 0, unit: '' };
  }
}
