import { useTranslation } from 'react-i18next';
import { configuredAppName } from './appSettings';

/** The product name for headers and titles: the configured one, else the default in the current language. */
export function useAppName(): string {
  const { t } = useTranslation();
  return configuredAppName() ?? t('shell.appName');
}
