import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { routeTitle } from '../router/routeHandle';

/** Keeps the browser tab titled after the current page: "合同管理 - 企业办公自动化平台". */
export function usePageTitle(appName: string): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const title = matches.map((match) => routeTitle(match.handle)).filter(Boolean).pop();
  useEffect(() => {
    document.title = title ? `${t(title)} - ${appName}` : appName;
  }, [title, appName, t]);
}
