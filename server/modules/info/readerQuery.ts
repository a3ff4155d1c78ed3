import { ApiError } from '../../http/ApiError';

/** Page and size of a reader's list: positive integers, the size at most 100. */
export function readPaging(params: Record<string, unknown>): { page: number; pageSize: number } {
  const page = params.page === undefined || params.page === '' ? 1 : Number(params.page);
  const pageSize = params.pageSize === undefined || params.pageSize === '' ? 10 : Number(params.pageSize);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw ApiError.business('info.error.badPaging');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw ApiError.business('info.error.badPaging');
  return { page, pageSize };
}

/** An optional text filter of at most `max` characters; empty means none. */
export function optionalText(params: Record<string, unknown>, name: string, max = 100): string {
  const value = params[name];
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string' || value.length > max) throw ApiError.business('info.error.badParam', { name });
  return value.trim();
}

/** The record id a reader's call names: `id` or the entity's key. */
export function requiredId(params: Record<string, unknown>, key: string): string {
  const value = params[key] ?? params.id;
  if (typeof value !== 'string' && typeof value !== 'number') throw ApiError.business('error.missingId', { key });
  const text = String(value).trim();
  if (text === '' || text.length > 100) throw ApiError.business('error.missingId', { key });
  return text;
}
