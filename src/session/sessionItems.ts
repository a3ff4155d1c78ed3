import { SHOP_SESSION_SECONDS } from '../../runtime/core/constants';
import type { LoginData, WatermarkSettings } from './sessionTypes';
import { STORAGE_KEYS, type StorageKey } from './storageKeys';
import type { StoredItem } from './storedItem';

/** Permission names arrive as one comma-separated string; blanks between commas are dropped. */
export function parsePermissions(permissions: string | null | undefined): string[] {
  return (permissions ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
}

/** The server sends the flag as '1', 1 or true depending on its configuration source. */
export function isWatermarkOn(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

/** The answer's message time as stored: text, or null when the server sent none. */
export function msgTimeOf(data: LoginData): string | null {
  return data.msgtime === undefined ? null : String(data.msgtime);
}

export function watermarkOf(data: LoginData): WatermarkSettings {
  return { enabled: isWatermarkOn(data.waterMark), content: data.waterMarkContent ?? '', subtext: data.waterMarkSubtext ?? '' };
}

const SHOP_ITEMS = [
  [STORAGE_KEYS.SHOP_UID, 'uid'],
  [STORAGE_KEYS.SHOP_USERNAME, 'username'],
  [STORAGE_KEYS.SHOP_FACE, 'face'],
  [STORAGE_KEYS.SHOP_ROLE_ID, 'role_id'],
  [STORAGE_KEYS.SHOP_FOUNDER, 'founder'],
  [STORAGE_KEYS.SHOP_SELLER_ID, 'seller_id'],
  [STORAGE_KEYS.SHOP_DEPARTMENT, 'department'],
] as const;

export const SHOP_ITEM_KEYS: StorageKey[] = SHOP_ITEMS.map(([key]) => key);

/**
 * The items a sign-in answer leaves in localStorage (shell spec §3): the user, permissions,
 * message time and watermark, kept until sign-out, and the shop session's items, living
 * SHOP_SESSION_SECONDS. One list, so that what signIn stores and what the browser tests seed
 * for a session opened by the call (tests/support/browser.ts) cannot drift apart.
 */
export function sessionItems(data: LoginData, now: number = Date.now()): [StorageKey, StoredItem<unknown>][] {
  const watermark = watermarkOf(data);
  const shopExpire = now + SHOP_SESSION_SECONDS * 1000;
  return [
    [STORAGE_KEYS.USER_INFO, { value: data.userInfo, expire: 0 }],
    [STORAGE_KEYS.PERMISSIONS, { value: parsePermissions(data.permissions), expire: 0 }],
    [STORAGE_KEYS.MSG_TIME, { value: msgTimeOf(data), expire: 0 }],
    [STORAGE_KEYS.WATER_MARK, { value: watermark.enabled ? '1' : '0', expire: 0 }],
    [STORAGE_KEYS.WATER_MARK_CONTENT, { value: watermark.content, expire: 0 }],
    [STORAGE_KEYS.WATER_MARK_SUBTEXT, { value: watermark.subtext, expire: 0 }],
    ...SHOP_ITEMS.map(([key, field]): [StorageKey, StoredItem<unknown>] => {
      const value = data[field];
      return [key, { value: value === undefined || value === null ? '' : value, expire: shopExpire }];
    }),
  ];
}
