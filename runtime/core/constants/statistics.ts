/** Statistics-form type switch (spec §3): 0 none, 1 per year, 2 per month. */
export const STATISTICS_TYPES = { none: 0, year: 1, month: 2 } as const;
export type StatisticsType = (typeof STATISTICS_TYPES)[keyof typeof STATISTICS_TYPES];
