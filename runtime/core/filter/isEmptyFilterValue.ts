/**
 * A cleared filter widget sends '', null or [] (a cleared range picker ['', '']); such an entry
 * means "no condition", not a condition on emptiness.
 */
export function isEmptyFilterValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyFilterValue);
  return false;
}
