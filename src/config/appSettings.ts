import { STORAGE_KEYS } from '../session/storageKeys';
import { getStoredItem } from '../session/storedItem';

/** Shell spec §1: default theme colour and version label. */
export const DEFAULT_THEME_COLOR = '#00C6AE';
export const VERSION_LABEL = 'V3.1';
const DEFAULT_DASHBOARD_PATH = '/dashboard';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The theme colour: the saved preference (APP_COLOR), else the build's, else #00C6AE. */
export function themeColor(): string {
  const candidates = [getStoredItem<string>(STORAGE_KEYS.APP_COLOR), import.meta.env.VITE_APP_COLOR];
  return candidates.find((color): color is string => typeof color === 'string' && HEX_COLOR.test(color))
    ?? DEFAULT_THEME_COLOR;
}

/** A configured product name (APP_NAME item, then the build's); null means "use the translated default". */
export function configuredAppName(): string | null {
  const candidates = [getStoredItem<string>(STORAGE_KEYS.APP_NAME), import.meta.env.VITE_APP_NAME];
  return candidates.find((name): name is string => typeof name === 'string' && name.trim() !== '') ?? null;
}

/**
 * Where '/' leads: the build's VITE_DASHBOARD_URL, else the APP_DASHBOARD setting, else /dashboard.
 * Only in-app paths are taken; '/' itself would redirect forever.
 */
export function dashboardPath(): string {
  const candidates = [import.meta.env.VITE_DASHBOARD_URL, getStoredItem<string>(STORAGE_KEYS.APP_DASHBOARD)];
  return candidates.find((path): path is string =>
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && path !== '/')
    ?? DEFAULT_DASHBOARD_PATH;
}
