import type { StorageKey } from './storageKeys';

/** Shape of every item in localStorage: `expire` is an epoch-ms time, 0 meaning never. */
export interface StoredItem<T> {
  value: T;
  expire: number;
}

function isStoredItem(candidate: unknown): candidate is StoredItem<unknown> {
  return typeof candidate === 'object' && candidate !== null
    && 'value' in candidate && 'expire' in candidate
    && typeof (candidate as { expire: unknown }).expire === 'number';
}

/**
 * Saves `value` under `key`. `expire` is the epoch-ms time after which reading it finds nothing;
 * 0 (the default) keeps it until it is removed.
 */
export function setStoredItem<T>(key: StorageKey, value: T, expire = 0): void {
  const item: StoredItem<T> = { value, expire };
  localStorage.setItem(key, JSON.stringify(item));
}

/**
 * Reads the item under `key`. An expired item, or one not in the `{value, expire}` shape (written
 * by something else, or damaged), is removed and reads as null, so a stale value is never used.
 */
export function getStoredItem<T>(key: StorageKey): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!isStoredItem(parsed) || (parsed.expire !== 0 && parsed.expire <= Date.now())) {
    localStorage.removeItem(key);
    return null;
  }
  return parsed.value as T;
}

export function removeStoredItem(key: StorageKey): void {
  localStorage.removeItem(key);
}
