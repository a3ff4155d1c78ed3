/**
 * Rounds half away from zero to `digits` decimals. Shifting through the exponent notation keeps
 * 1.005 → 1.01 (multiplying by 100 first would give 100.49999… and round down), which matters
 * for money.
 */
export function roundTo(value: number, digits = 0): number {
  if (!Number.isFinite(value)) return value;
  const places = Math.min(Math.max(Math.trunc(digits), 0), 15);
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e${places}`));
  let result = Number(`${shifted}e-${places}`);
  if (!Number.isFinite(result)) {
    // Very large or very small magnitudes are already in exponent notation; the plain way is exact enough there.
    const factor = 10 ** places;
    result = Math.round(Math.abs(value) * factor) / factor;
  }
  return result === 0 ? 0 : sign * result;
}
