import { fieldText } from '../../runtime/core/crypto';

/**
 * Encodes a POST body the way the server's form parser expects it (API contract): arrays as
 * `name[]=a&name[]=b`, objects (also inside arrays) JSON-stringified into a single field, so
 * nested data never turns into `a[b][c]` keys the server would have to reassemble; undefined is
 * left out, null sent empty. Each value's text is the one the SM4 mode encrypts (fieldText), so
 * both modes carry the same fields. URLSearchParams, not qs: the sign-in page loads this, and qs
 * with its dependencies weighed ~50 KB.
 */
export function encodeFormData(data: Record<string, unknown> | null | undefined): string {
  const form = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    const text = fieldText(value);
    if (text !== undefined) form.append(name, text);
  };
  for (const [name, value] of Object.entries(data ?? {})) {
    if (Array.isArray(value)) value.forEach((item) => add(`${name}[]`, item));
    else add(name, value);
  }
  return form.toString();
}
