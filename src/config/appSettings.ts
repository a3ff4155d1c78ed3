import { DEFAULT_DASHBOARD_PATH, DEFAULT_THEME_COLOR, VERSION_LABEL as SPEC_VERSION_LABEL } from '../../runtime/core/constants';
import { isHexColor } from '../../runtime/core/theme';
import { isInAppPath } from '../../runtime/core/links';
import { useShellConfigStore } from './shellConfig';

/** Shell spec §1: default theme colour and version label. */
export { DEFAULT_THEME_COLOR };
export const VERSION_LABEL = SPEC_VERSION_LABEL;

function normaliseHex(color: string): string {
  const trimmed = color.trim();
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}

/**
 * The theme colour (spec §1: "from configuration or a saved preference"): the user's saved
 * preference first, then the server's configured APP_COLOR, then the build's, then #00C6AE.
 */
export function resolveThemeColor(userTheme: unknown, configured: unknown, built: unknown = import.meta.env.VITE_APP_COLOR): string {
  const found = [userTheme, configured, built].find((color): color is string => isHexColor(color));
  return found ? normaliseHex(found) : DEFAULT_THEME_COLOR;
}

/** A configured product name (server's APP_NAME, then the build's); null means "use the translated default". */
export function configuredAppName(): string | null {
  const candidates = [useShellConfigStore.getState().appName, import.meta.env.VITE_APP_NAME];
  return candidates.find((name): name is string => typeof name === 'string' && name.trim() !== '') ?? null;
}

/** Only in-app paths: '/' would redirect forever, '//host' and 'https://…' would leave the suite. */
function isDashboardPath(path: unknown): path is string {
  return typeof path === 'string' && path !== '/' && isInAppPath(path);
}

/** Where '/' leads: the server's configured dashboard URL (APP_DASHBOARD), else the build's VITE_DASHBOARD_URL, else /dashboard. */
export function dashboardPath(): string {
  const candidates = [useShellConfigStore.getState().dashboardUrl, import.meta.env.VITE_DASHBOARD_URL];
  return candidates.find(isDashboardPath) ?? DEFAULT_DASHBOARD_PATH;
}
