import { ApiError } from './ApiError';

/**
 * Deepest nesting a request value may have, JSON sent as text included. A filter is three levels,
 * a sub-table's rows three, a column setting two; a 10,000-deep value only attacks the recursion
 * of whatever reads it next (JSON.stringify, a validator) and is refused before any handler runs.
 */
export const MAX_PARAM_DEPTH = 32;

const NUL = '\u0000';

/** A parameter's name as a message may repeat it: printable and short. */
function shownName(name: string): string {
  return name.replaceAll(NUL, '\\0').slice(0, 50);
}

function refuseNul(name: string): never {
  throw ApiError.business('request.nulByte', { field: shownName(name) }, { field: shownName(name), reason: 'nulByte' });
}

function refuseDeep(name: string): never {
  throw ApiError.business('request.tooDeep', { field: shownName(name), max: MAX_PARAM_DEPTH }, { field: shownName(name), reason: 'tooDeep' });
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON sent as text (filterObj, column settings): its parsed value, or undefined when it is plain text. */
function jsonInText(name: string, text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    // Only nesting beyond the parser's stack makes JSON.parse throw anything but a SyntaxError.
    if (error instanceof RangeError) refuseDeep(name);
    return undefined;
  }
}

function checkValue(name: string, value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (value.includes(NUL)) refuseNul(name);
    const parsed = jsonInText(name, value);
    if (parsed !== undefined) checkValue(name, parsed, depth + 1);
    return;
  }
  if (!isContainer(value)) return;
  if (depth > MAX_PARAM_DEPTH) refuseDeep(name);
  for (const [key, child] of Object.entries(value)) {
    if (key.includes(NUL)) refuseNul(name);
    checkValue(name, child, depth + 1);
  }
}

/**
 * Refuses, with a clear code 100 naming the parameter, what no call can mean and a layer below
 * would fail on with a server error: a NUL character in any string or key (PostgreSQL text cannot
 * hold one; SQLite could, so both refuse it and agree), and values nested deeper than
 * MAX_PARAM_DEPTH — JSON sent as text included, which handlers parse themselves. `serverMade`
 * names values the server put there itself (an uploaded file's stream), not the client's to check.
 */
export function assertCleanParams(params: Record<string, unknown>, serverMade: readonly string[] = []): void {
  for (const [name, value] of Object.entries(params)) {
    if (name.includes(NUL)) refuseNul(name);
    if (!serverMade.includes(name)) checkValue(name, value, 1);
  }
}

/**
 * The spec's request layer posts form data with arrays as `name[]` and objects JSON-encoded;
 * JSON posts arrive as they are. Both end up as one flat record of field → value, checked by
 * assertCleanParams so every reader of a request gets clean values.
 */
export function normaliseBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(body as Record<string, unknown>)) {
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      out[key] = Array.isArray(value) ? value : [value];
    } else {
      out[rawKey] = value;
    }
  }
  assertCleanParams(out);
  return out;
}

/** A list of ids may arrive as `ids[]`, a JSON array string, or a comma-joined string. */
export function readIdList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.map(String).filter(Boolean);
      } catch {
        return [];
      }
    }
    return text.split(',').map((s) => s.trim()).filter(Boolean);
  }
  return [];
}
