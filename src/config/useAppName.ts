import { useTranslation } from 'react-i18next';
import { useShellConfigStore } from './shellConfig';

/** The product name for headers and titles: the configured one, else the default in the current language. */
export function useAppName(): string {
  const { t } = useTranslation();
  // Subscribed, so the name changes in place when the server's configuration arrives.
  const configured = useShellConfigStore((state) => state.appName);
  const built = import.meta.env.VITE_APP_NAME;
  if (configured.trim() !== '') return configured;
  if (typeof built === 'string' && built.trim() !== '') return built;
  return t('shell.appName');
}
