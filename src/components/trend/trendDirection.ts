export type TrendDirection = 'up' | 'down' | 'flat';

/** Direction of a change; |value| below `epsilon` (or no value) is flat. */
export function trendDirection(value: number | null | undefined, epsilon = 1e-9): TrendDirection {
  if (value === null || value === undefined || !Number.isFinite(value) || Math.abs(value) < epsilon) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** '12.5%' for 0.125 when `ratio`, '12.5%' for 12.5 otherwise; always positive (the arrow tells the sign). */
export function formatTrendValue(value: number | null | undefined, precision = 1, suffix = '%'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return `${Math.abs(value).toFixed(precision)}${suffix}`;
}
