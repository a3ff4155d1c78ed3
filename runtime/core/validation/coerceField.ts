import { isPlainObject, roundTo } from '../expression';
import type { FieldDef } from '../schema/types';
import { normaliseDate, normaliseDateTime, normaliseTime } from './dateStrings';
import { isEditableField } from './isEditableField';
import { readSubmittedValue } from './readSubmittedValue';
import type { ValidationIssue, ValidationReason } from './ValidationIssue';

export interface CoercedField {
  value: unknown;
  issues: ValidationIssue[];
}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const ok = (value: unknown): CoercedField => ({ value, issues: [] });
const fail = (field: string, reason: ValidationReason, params?: Record<string, unknown>, message = `validation.${reason}`): CoercedField => ({
  value: undefined,
  issues: [{ field, reason, message, ...(params ? { params } : {}) }],
});

type Parsed = { ok: true; value: unknown } | { ok: false };

/** Objects and arrays travel JSON-stringified in form data. */
function parseJsonText(raw: unknown, looksLike: '[' | '{'): Parsed {
  if (typeof raw !== 'string' || !raw.trim().startsWith(looksLike)) return { ok: true, value: raw };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function parseNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && DECIMAL.test(raw.trim())) return Number(raw.trim());
  return null;
}

function singleText(path: string, raw: unknown): CoercedField {
  let value = raw;
  if (Array.isArray(raw)) {
    const present = raw.filter((item) => item !== null && item !== undefined && item !== '');
    // A single-valued field may arrive as `name[]` with one entry; more than one is a mistake, not a join.
    if (present.length === 0) return ok(null);
    if (present.length > 1) return fail(path, 'json');
    value = present[0];
  }
  if (typeof value === 'string') return ok(value);
  if (typeof value === 'number' && Number.isFinite(value)) return ok(String(value));
  if (typeof value === 'boolean') return ok(String(value));
  return fail(path, 'json');
}

/** users, departments, attachments, tags: stored comma-joined, without blanks or repeats. */
function joinedList(path: string, raw: unknown): CoercedField {
  const parsed = parseJsonText(raw, '[');
  if (!parsed.ok) return fail(path, 'json');
  const items = Array.isArray(parsed.value) ? parsed.value : typeof parsed.value === 'string' ? parsed.value.split(',') : [parsed.value];
  const texts: string[] = [];
  for (const item of items) {
    if (item === null || item === undefined) continue;
    if (typeof item !== 'string' && typeof item !== 'number') return fail(path, 'json');
    const text = String(item).trim();
    if (text !== '' && !texts.includes(text)) texts.push(text);
  }
  return ok(texts.length === 0 ? null : texts.join(','));
}

function temporal(path: string, raw: unknown, reason: 'date' | 'datetime' | 'time'): CoercedField {
  if (typeof raw !== 'string') return fail(path, reason);
  const normalise = reason === 'date' ? normaliseDate : reason === 'datetime' ? normaliseDateTime : normaliseTime;
  const value = normalise(raw);
  return value === null ? fail(path, reason) : ok(value);
}

function range(path: string, raw: unknown, reason: 'date' | 'datetime'): CoercedField {
  const parsed = parseJsonText(raw, '[');
  if (!parsed.ok) return fail(path, 'json');
  const parts = Array.isArray(parsed.value) ? parsed.value : typeof parsed.value === 'string' ? parsed.value.split(',') : null;
  if (parts === null || parts.length !== 2) return fail(path, reason);
  const blank = parts.map((part) => part === null || part === undefined || (typeof part === 'string' && part.trim() === ''));
  if (blank[0] && blank[1]) return ok(null);
  if (blank[0] || blank[1]) return fail(path, reason);
  const ends: string[] = [];
  for (const part of parts) {
    const end = temporal(path, part, reason);
    if (end.issues.length > 0) return end;
    ends.push(end.value as string);
  }
  if (ends[0] > ends[1]) return fail(path, reason, undefined, 'validation.rangeOrder');
  return ok(ends);
}

function location(path: string, raw: unknown): CoercedField {
  const parsed = parseJsonText(raw, '{');
  if (!parsed.ok || !isPlainObject(parsed.value)) return fail(path, 'json');
  const lng = parseNumber(parsed.value.lng);
  const lat = parseNumber(parsed.value.lat);
  if (lng === null || lat === null || Math.abs(lng) > 180 || Math.abs(lat) > 90) return fail(path, 'json');
  const address = parsed.value.address;
  return ok(typeof address === 'string' && address !== '' ? { lng, lat, address } : { lng, lat });
}

function subTable(field: FieldDef, path: string, raw: unknown): CoercedField {
  const parsed = parseJsonText(raw, '[');
  if (!parsed.ok || !Array.isArray(parsed.value)) return fail(path, 'json');
  if (parsed.value.length === 0) return ok(null);
  const subFields = (field.fields ?? []).filter(isEditableField);
  const issues: ValidationIssue[] = [];
  const rows = parsed.value.map((row: unknown, index) => {
    if (!isPlainObject(row)) {
      issues.push(...fail(`${path}.${index}`, 'json').issues);
      return {};
    }
    const coerced: Record<string, unknown> = {};
    for (const sub of subFields) {
      const rawValue = readSubmittedValue(row, sub.name);
      if (rawValue === undefined) continue;
      const result = coerceField(sub, rawValue, `${path}.${index}.${sub.name}`);
      issues.push(...result.issues);
      coerced[sub.name] = result.value;
    }
    return coerced;
  });
  return issues.length > 0 ? { value: undefined, issues } : ok(rows);
}

/**
 * Brings a submitted value to its storage representation (see `coerceValue`), reporting every
 * problem — a sub-table can have several. `path` names the field in the issues.
 */
export function coerceField(field: FieldDef, raw: unknown, path: string = field.name): CoercedField {
  if (raw === undefined || raw === null || raw === '') return ok(null);
  switch (field.type) {
    case 'string': case 'text': case 'richText':
    case 'dictionary': case 'options': case 'user': case 'department':
    case 'image': case 'status':
      return singleText(path, raw);
    case 'reference':
      return field.multiple ? joinedList(path, raw) : singleText(path, raw);
    case 'users': case 'departments': case 'attachments': case 'tags':
      return joinedList(path, raw);
    case 'date': return temporal(path, raw, 'date');
    case 'datetime': return temporal(path, raw, 'datetime');
    case 'time': return temporal(path, raw, 'time');
    case 'integer': {
      const n = parseNumber(raw);
      return n !== null && Number.isSafeInteger(n) ? ok(n) : fail(path, 'integer');
    }
    case 'number': case 'money': {
      const n = parseNumber(raw);
      if (n === null) return fail(path, 'number');
      const digits = field.precision ?? (field.type === 'money' ? 2 : undefined);
      return ok(digits === undefined ? n : roundTo(n, digits));
    }
    case 'switch':
      if (raw === 1 || raw === '1' || raw === true || raw === 'true') return ok(1);
      if (raw === 0 || raw === '0' || raw === false || raw === 'false') return ok(0);
      return fail(path, 'option');
    case 'dateRange': return range(path, raw, 'date');
    case 'datetimeRange': return range(path, raw, 'datetime');
    case 'location': return location(path, raw);
    case 'subTable': return subTable(field, path, raw);
    default: {
      const unhandled: never = field.type;
      throw new Error(`coerceField: field type "${String(unhandled)}" has no storage representation`);
    }
  }
}
