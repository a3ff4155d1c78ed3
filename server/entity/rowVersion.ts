import { sql } from 'kysely';
import { ROW_VERSION } from '../../runtime/core/schema';
import { ApiError } from '../http/ApiError';

/**
 * Optimistic concurrency for entity rows (docs/ARCHITECTURE.md, "No lost updates"): every row
 * carries `rowVersion`, each write of it adds one, and a writer names the version it read.
 * The write itself is a compare-and-set (`… WHERE key = ? AND rowVersion = ?` in the write's
 * transaction), so it holds under concurrency on SQLite and PostgreSQL alike.
 */

/** `data` of the refusal: how a client tells a stale write from other code-100 refusals. */
export const STALE_ROW_DATA = { conflict: ROW_VERSION } as const;

/** The `set` part that moves a row to its next version. */
export function nextRowVersion(): Record<string, unknown> {
  return { [ROW_VERSION]: sql`${sql.ref(ROW_VERSION)} + 1` };
}

/** The stored version of a row as read (a PostgreSQL bigint may arrive as text). */
export function storedRowVersion(row: Record<string, unknown>): number {
  return Number(row[ROW_VERSION] ?? 0);
}

/** The version the caller read the record at, or undefined when the request names none. */
export function requestedRowVersion(params: Record<string, unknown>): number | undefined {
  const raw = params[ROW_VERSION];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,15}$/.test(text)) throw ApiError.business('error.badRowVersion');
  return Number(text);
}

export function refuseStaleRow(): never {
  throw ApiError.business('error.recordChanged', {}, STALE_ROW_DATA);
}

/** Refuses at once when the caller read an older (or another) version than the stored one. */
export function assertRowVersion(params: Record<string, unknown>, stored: Record<string, unknown>): void {
  const requested = requestedRowVersion(params);
  if (requested !== undefined && requested !== storedRowVersion(stored)) refuseStaleRow();
}
