import { useSessionStore } from '../session/sessionStore';
import { resolveThemeColor } from './appSettings';
import { useShellConfigStore } from './shellConfig';

/** The theme colour in force: the signed-in user's saved one, else the configured one, else #00C6AE. */
export function useThemeColor(): string {
  const userTheme = useSessionStore((state) => state.userInfo?.theme);
  const configured = useShellConfigStore((state) => state.appColor);
  return resolveThemeColor(userTheme, configured);
}
