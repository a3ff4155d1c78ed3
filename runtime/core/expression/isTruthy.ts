/**
 * JavaScript truthiness, except that an empty string and an empty array are false: for a form
 * value both mean "nothing entered", and `hiddenWhen: "tags"` should read that way.
 */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}
