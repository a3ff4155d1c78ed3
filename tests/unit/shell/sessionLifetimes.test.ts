// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOP_COOKIES } from '../../../src/session/shopSession';
import { useSessionStore } from '../../../src/session/sessionStore';
import type { LoginData } from '../../../src/session/sessionTypes';
import { STORAGE_KEYS } from '../../../src/session/storageKeys';
import { getStoredItem, setStoredItem } from '../../../src/session/storedItem';

const shopLogin: LoginData = {
  token: 'tok', userInfo: { userId: 'u1', accountId: 'seller1', userName: '卖家', roles: ['staff'] }, permissions: '',
  accessToken: 'acc-1', refreshToken: 'ref-1', uid: 9, username: 'shop-seller', face: '/f.png', role_id: 2, founder: 1,
  seller_id: 77, department: '销售部',
};

const raw = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as { value: unknown; expire: number } | null;

describe('stored-item lifetimes', () => {
  const now = new Date(2025, 0, 1, 9, 0, 0).getTime();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    localStorage.clear();
    useSessionStore.getState().clear();
  });
  afterEach(() => { vi.useRealTimers(); });

  it('an item with an expiry is removed when read after it, and kept until then', () => {
    setStoredItem(STORAGE_KEYS.APP_NAME, 'X', now + 1000);
    vi.setSystemTime(now + 999);
    expect(getStoredItem(STORAGE_KEYS.APP_NAME)).toBe('X');
    vi.setSystemTime(now + 1000);
    expect(getStoredItem(STORAGE_KEYS.APP_NAME)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.APP_NAME)).toBeNull();
  });

  it('expiry 0 means never', () => {
    setStoredItem(STORAGE_KEYS.APP_COLOR, '#123456');
    vi.setSystemTime(now + 10 * 365 * 86_400_000);
    expect(getStoredItem(STORAGE_KEYS.APP_COLOR)).toBe('#123456');
  });

  it('sign-in stores the shop items for 1800 s, the b2b marker for 600 s', () => {
    useSessionStore.getState().signIn(shopLogin);
    const items: [string, unknown][] = [
      ['uid', 9], ['username', 'shop-seller'], ['face', '/f.png'], ['role_id', 2], ['founder', 1], ['seller_id', 77], ['department', '销售部'],
    ];
    for (const [key, value] of items) expect(raw(key)).toEqual({ value, expire: now + 1_800_000 });
    expect(raw(STORAGE_KEYS.B2B_TOKEN)).toEqual({ value: '1', expire: now + 600_000 });
    expect(Cookies.get(SHOP_COOKIES.ACCESS_TOKEN)).toBe('acc-1');
    expect(Cookies.get(SHOP_COOKIES.REFRESH_TOKEN)).toBe('ref-1');

    vi.setSystemTime(now + 600_000);
    expect(getStoredItem(STORAGE_KEYS.B2B_TOKEN)).toBeNull();
    expect(getStoredItem(STORAGE_KEYS.SHOP_SELLER_ID)).toBe(77);
    vi.setSystemTime(now + 1_800_000);
    expect(getStoredItem(STORAGE_KEYS.SHOP_SELLER_ID)).toBeNull();
    expect(getStoredItem(STORAGE_KEYS.SHOP_UID)).toBeNull();
  });

  it('gives the shop cookies 1500 s and leaves the TOKEN cookie to the server (HttpOnly, the session\'s lifetime)', () => {
    const set = vi.spyOn(Cookies, 'set');
    useSessionStore.getState().signIn(shopLogin);
    const expiry = (name: string) => {
      const call = set.mock.calls.find(([cookie]) => cookie === name);
      return (call?.[2] as { expires: Date }).expires.getTime();
    };
    expect(expiry('accessToken')).toBe(now + 1_500_000);
    expect(expiry('refreshToken')).toBe(now + 1_500_000);
    expect(set.mock.calls.some(([cookie]) => cookie === 'TOKEN')).toBe(false);
    set.mockRestore();
  });

  it('without a shop token: empty items, no marker and no shop cookies', () => {
    useSessionStore.getState().signIn({ ...shopLogin, accessToken: '', refreshToken: '', uid: '' });
    expect(raw('uid')).toEqual({ value: '', expire: now + 1_800_000 });
    expect(localStorage.getItem(STORAGE_KEYS.B2B_TOKEN)).toBeNull();
    expect(Cookies.get(SHOP_COOKIES.ACCESS_TOKEN)).toBeUndefined();
  });

  it('sign-out forgets the shop session too', () => {
    useSessionStore.getState().signIn(shopLogin);
    useSessionStore.getState().clear();
    for (const key of ['uid', 'username', 'face', 'role_id', 'founder', 'seller_id', 'department', STORAGE_KEYS.B2B_TOKEN]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(Cookies.get(SHOP_COOKIES.ACCESS_TOKEN)).toBeUndefined();
    expect(Cookies.get(SHOP_COOKIES.REFRESH_TOKEN)).toBeUndefined();
  });

  it('keeps a saved theme in USER_INFO', () => {
    useSessionStore.getState().signIn(shopLogin);
    useSessionStore.getState().setUserTheme('#1677ff');
    expect(useSessionStore.getState().userInfo?.theme).toBe('#1677ff');
    expect(getStoredItem<{ theme: string }>(STORAGE_KEYS.USER_INFO)?.theme).toBe('#1677ff');
  });
});
