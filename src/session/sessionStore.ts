import { create } from 'zustand';
import type { LoginData, MenuNode, UserInfo, WatermarkSettings } from './sessionTypes';
import { STORAGE_KEYS } from './storageKeys';
import { getStoredItem, removeStoredItem, setStoredItem } from './storedItem';
import { forgetSession, hasSession } from './sessionMarker';
import { clearShopSession, storeShopSession } from './shopSession';

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
  /** The user's saved theme colour changed ('' = none): kept in USER_INFO so a reload keeps it. */
  setUserTheme(theme: string): void;
  /** Forgets the session locally (marker and stored items); the server call, which clears the cookie, is `logout()`'s job. */
  clear(): void;
}

/** Permission names arrive as one comma-separated string; blanks between commas are dropped. */
export function parsePermissions(permissions: string | null | undefined): string[] {
  return (permissions ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
}

/** The server sends the flag as '1', 1 or true depending on its configuration source. */
export function isWatermarkOn(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1' || flag === 'true';
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
    const permissions = parsePermissions(data.permissions);
    const msgTime = data.msgtime === undefined ? null : String(data.msgtime);
    const watermark: WatermarkSettings = {
      enabled: isWatermarkOn(data.waterMark),
      content: data.waterMarkContent ?? '',
      subtext: data.waterMarkSubtext ?? '',
    };
    setStoredItem(STORAGE_KEYS.USER_INFO, data.userInfo);
    setStoredItem(STORAGE_KEYS.PERMISSIONS, permissions);
    setStoredItem(STORAGE_KEYS.MSG_TIME, msgTime);
    setStoredItem(STORAGE_KEYS.WATER_MARK, watermark.enabled ? '1' : '0');
    setStoredItem(STORAGE_KEYS.WATER_MARK_CONTENT, watermark.content);
    setStoredItem(STORAGE_KEYS.WATER_MARK_SUBTEXT, watermark.subtext);
    storeShopSession(data);
    // A previous user's menu must not be shown, nor its routes built, for this one.
    removeStoredItem(STORAGE_KEYS.MENU);
    set({ signedIn: true, userInfo: data.userInfo, permissions, menu: null, msgTime, watermark });
  },

  setMenu(menu) {
    setStoredItem(STORAGE_KEYS.MENU, menu);
    set({ menu });
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
