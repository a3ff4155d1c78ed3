import { randomBytes } from 'node:crypto';

/**
 * Record ids: time-ordered (so newest-first sorts and index locality stay good) and random
 * enough to be unguessable; 24 hex characters.
 */
export function newId(): string {
  return Date.now().toString(16).padStart(12, '0') + randomBytes(6).toString('hex');
}

/** 'YYYY-MM-DD HH:mm:ss' in server local time: the spec's default date format. */
export function nowText(date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}
