import Cookies from 'js-cookie';
import { B2B_TOKEN_MARKER_SECONDS, SHOP_TOKEN_COOKIE_SECONDS } from '../../runtime/core/constants';
import { SHOP_ITEM_KEYS } from './sessionItems';
import type { LoginData } from './sessionTypes';
import { STORAGE_KEYS } from './storageKeys';
import { removeStoredItem, setStoredItem } from './storedItem';

/** Cookie names of the shop's tokens (the request layer sends the access token as the shop-authorization header). */
export const SHOP_COOKIES = { ACCESS_TOKEN: 'accessToken', REFRESH_TOKEN: 'refreshToken' } as const;

/**
 * The shop tokens of a sign-in answer (spec §3, §9; its items are in sessionItems): the access
 * and refresh tokens as cookies living SHOP_TOKEN_COOKIE_SECONDS, and the b2b token marker for
 * B2B_TOKEN_MARKER_SECONDS — only when the answer carries a shop token (no shop connected:
 * empty fields, nothing to mark).
 */
export function storeShopTokens(data: LoginData, now: number = Date.now()): void {
  const access = typeof data.accessToken === 'string' ? data.accessToken : '';
  const refresh = typeof data.refreshToken === 'string' ? data.refreshToken : '';
  const cookieExpires = new Date(now + SHOP_TOKEN_COOKIE_SECONDS * 1000);
  if (access) {
    Cookies.set(SHOP_COOKIES.ACCESS_TOKEN, access, { expires: cookieExpires, path: '/', sameSite: 'Lax' });
    setStoredItem(STORAGE_KEYS.B2B_TOKEN, '1', now + B2B_TOKEN_MARKER_SECONDS * 1000);
  } else {
    Cookies.remove(SHOP_COOKIES.ACCESS_TOKEN, { path: '/' });
    removeStoredItem(STORAGE_KEYS.B2B_TOKEN);
  }
  if (refresh) Cookies.set(SHOP_COOKIES.REFRESH_TOKEN, refresh, { expires: cookieExpires, path: '/', sameSite: 'Lax' });
  else Cookies.remove(SHOP_COOKIES.REFRESH_TOKEN, { path: '/' });
}

export function clearShopSession(): void {
  for (const key of SHOP_ITEM_KEYS) removeStoredItem(key);
  removeStoredItem(STORAGE_KEYS.B2B_TOKEN);
  Cookies.remove(SHOP_COOKIES.ACCESS_TOKEN, { path: '/' });
  Cookies.remove(SHOP_COOKIES.REFRESH_TOKEN, { path: '/' });
}

export function getShopAccessToken(): string | null {
  return Cookies.get(SHOP_COOKIES.ACCESS_TOKEN) ?? null;
}
