/**
 * The request layer sends arrays as `name[]` form fields; both spellings mean the field `name`.
 * Returns undefined when the field was not sent at all.
 */
export function readSubmittedValue(raw: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(raw, name) && raw[name] !== undefined) return raw[name];
  const arrayKey = `${name}[]`;
  return Object.hasOwn(raw, arrayKey) ? raw[arrayKey] : undefined;
}
