import { ApiError } from '../../http/ApiError';
import { splitIds } from '../../entity/rowValues';

/** Ids sent as an array or comma-joined text; at most `max`, each a plain id. */
export function idList(value: unknown, field: string, max = 500): string[] {
  const ids = Array.isArray(value) ? value.map(String) : splitIds(value);
  const unique = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
  if (unique.length > max || unique.some((id) => id.length > 64 || !/^[\w-]+$/.test(id))) {
    throw ApiError.business('email.error.badParam', { field });
  }
  return unique;
}

export function requiredId(value: unknown, field: string): string {
  const [id] = idList(value, field, 1);
  if (!id) throw ApiError.business('email.error.badParam', { field });
  return id;
}

export function optionalText(value: unknown, field: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw ApiError.business('email.error.badParam', { field });
  if (value.length > max) throw ApiError.business('email.error.tooLong', { field, max });
  return value;
}

/** 1/0, true/false, '1'/'0'. */
export function flag(value: unknown, field: string): 0 | 1 {
  if (value === 1 || value === true || value === '1' || value === 'true') return 1;
  if (value === 0 || value === false || value === '0' || value === 'false') return 0;
  throw ApiError.business('email.error.badParam', { field });
}

const ADDRESS = /^[^@\s,;<>]+@[^@\s,;<>]+\.[^@\s,;<>]+$/;

/** Outside addresses separated by commas, semicolons or spaces; each checked, at most 20. */
export function externalAddresses(value: unknown): string[] {
  const text = optionalText(value, 'externalTo', 1000);
  const list = [...new Set(text.split(/[\s,;，；]+/).map((a) => a.trim().toLowerCase()).filter(Boolean))];
  const bad = list.find((a) => !ADDRESS.test(a) || a.length > 200);
  if (bad) throw ApiError.business('email.error.badAddress', { address: bad });
  if (list.length > 20) throw ApiError.business('email.error.tooManyExternal', { max: 20 });
  return list;
}
