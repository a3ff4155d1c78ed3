import qs from 'qs';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

/** Objects travel as one JSON-text field; everything else is left to qs. */
function flattenValue(value: unknown): unknown {
  return isPlainObject(value) ? JSON.stringify(value) : value;
}

/**
 * Encodes a POST body the way the server's form parser expects it (API contract): arrays as
 * `name[]=a&name[]=b`, objects (also inside arrays) JSON-stringified into a single field, so
 * nested data never turns into `a[b][c]` keys the server would have to reassemble.
 */
export function encodeFormData(data: Record<string, unknown> | null | undefined): string {
  if (!data) return '';
  const prepared: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    prepared[name] = Array.isArray(value) ? value.map(flattenValue) : flattenValue(value);
  }
  return qs.stringify(prepared, { arrayFormat: 'brackets' });
}
