import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { Suspense, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { themeColor } from './config/appSettings';
import { FeedbackBinder } from './feedback/FeedbackBinder';
import { antdLocale } from './i18n/antdLocale';
import { isLanguage, DEFAULT_LANGUAGE } from './i18n/languages';
import { PageLoading } from './layout/PageLoading';
import { getAppRouter, subscribeAppRouter } from './router/routerHost';

/** Root: antd theme and locale following the interface language, antd's App context, and the router. */
export function App() {
  // Subscribing re-renders on a language switch, so antd's texts and dates follow.
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const router = useSyncExternalStore(subscribeAppRouter, getAppRouter);
  const appTheme = useMemo<ThemeConfig>(() => ({ token: { colorPrimary: themeColor() } }), []);

  return (
    <ConfigProvider locale={antdLocale(language)} theme={appTheme}>
      <AntApp>
        <FeedbackBinder />
        <Suspense fallback={<PageLoading />}>
          <RouterProvider router={router} />
        </Suspense>
      </AntApp>
    </ConfigProvider>
  );
}
