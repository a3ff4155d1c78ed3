import { create } from 'zustand';
import type { LoginData, MenuNode, UserInfo, WatermarkSettings } from './sessionTypes';
import { STORAGE_KEYS } from './storageKeys';
import { getStoredItem, removeStoredItem, setStoredItem } from './storedItem';
import { forgetSession, hasSession } from './sessionMarker';
import { clearShopSession, storeShopTokens } from './shopSession';
import { isWatermarkOn, msgTimeOf, parsePermissions, sessionItems, watermarkOf } from './sessionItems';

export { isWatermarkOn, parsePermissions };

export interface SessionState {
  /** A session is open (the server's marker beside its HttpOnly TOKEN cookie, sessionMarker.ts). */
  signedIn: boolean;
  userInfo: UserInfo | null;
  permissions: string[];
  menu: MenuNode[] | null;
  msgTime: string | null;
  watermark: WatermarkSettings;
  /** Saves a successful sign-in's stored items and publishes it; the server has set the session cookie. */
  signIn(data: LoginData): void;
  setMenu(menu: MenuNode[]): void;
  /** The permissions as the menu call answers them now (they change with roles and published designs). */
  setPermissions(permissions: string[]): void;
  /** The user's saved theme colour changed ('' = none): kept in USER_INFO so a reload keeps it. */
  setUserTheme(theme: string): void;
  /** Forgets the session locally (marker and stored items); the server call, which clears the cookie, is `logout()`'s job. */
  clear(): void;
}

const SESSION_ITEMS = [
  STORAGE_KEYS.USER_INFO, STORAGE_KEYS.PERMISSIONS, STORAGE_KEYS.MENU, STORAGE_KEYS.MSG_TIME,
  STORAGE_KEYS.WATER_MARK, STORAGE_KEYS.WATER_MARK_CONTENT, STORAGE_KEYS.WATER_MARK_SUBTEXT,
] as const;

const NO_WATERMARK: WatermarkSettings = { enabled: false, content: '', subtext: '' };

function readStoredSession(): Pick<SessionState, 'signedIn' | 'userInfo' | 'permissions' | 'menu' | 'msgTime' | 'watermark'> {
  return {
    signedIn: hasSession(),
    userInfo: getStoredItem<UserInfo>(STORAGE_KEYS.USER_INFO),
    permissions: getStoredItem<string[]>(STORAGE_KEYS.PERMISSIONS) ?? [],
    menu: getStoredItem<MenuNode[]>(STORAGE_KEYS.MENU),
    msgTime: getStoredItem<string>(STORAGE_KEYS.MSG_TIME),
    watermark: {
      enabled: isWatermarkOn(getStoredItem(STORAGE_KEYS.WATER_MARK)),
      content: getStoredItem<string>(STORAGE_KEYS.WATER_MARK_CONTENT) ?? '',
      subtext: getStoredItem<string>(STORAGE_KEYS.WATER_MARK_SUBTEXT) ?? '',
    },
  };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...readStoredSession(),

  signIn(data) {
    const now = Date.now();
    for (const [key, item] of sessionItems(data, now)) setStoredItem(key, item.value, item.expire);
    storeShopTokens(data, now);
    // A previous user's menu must not be shown, nor its routes built, for this one.
    removeStoredItem(STORAGE_KEYS.MENU);
    set({ signedIn: true, userInfo: data.userInfo, permissions: parsePermissions(data.permissions), menu: null, msgTime: msgTimeOf(data), watermark: watermarkOf(data) });
  },

  setMenu(menu) {
    setStoredItem(STORAGE_KEYS.MENU, menu);
    set({ menu });
  },

  setPermissions(permissions) {
    setStoredItem(STORAGE_KEYS.PERMISSIONS, permissions);
    set({ permissions });
  },

  setUserTheme(theme) {
    const { userInfo } = get();
    if (!userInfo) return;
    const next = { ...userInfo, theme };
    setStoredItem(STORAGE_KEYS.USER_INFO, next);
    set({ userInfo: next });
  },

  clear() {
    forgetSession();
    for (const key of SESSION_ITEMS) removeStoredItem(key);
    clearShopSession();
    set({ signedIn: false, userInfo: null, permissions: [], menu: null, msgTime: null, watermark: NO_WATERMARK });
  },
}));

/** Permission check against PERMISSIONS (names like `hr:HrContract:insert`). */
export function hasPermission(name: string): boolean {
  return useSessionStore.getState().permissions.includes(name);
}
