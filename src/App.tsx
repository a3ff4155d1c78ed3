import { App as AntApp, ConfigProvider } from 'antd';
import { Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { parseOfficeViewerConfig } from '../runtime/core/office';
import { AttachmentSettingsProvider } from '../runtime/react/attachments/AttachmentSettings';
import { useShellConfigStore } from './config/shellConfig';
import { usePrefersReducedMotion } from './config/usePrefersReducedMotion';
import { useThemeColor } from './config/useThemeColor';
import { FeedbackBinder } from './feedback/FeedbackBinder';
import { antdLocale } from './i18n/antdLocale';
import { isLanguage, DEFAULT_LANGUAGE } from './i18n/languages';
import { PageLoading } from './layout/PageLoading';
import { antdThemeFor, applyGreyMode, applyThemeCssVariables } from './layout/shellLook';
import { getAppRouter, subscribeAppRouter } from './router/routerHost';

/**
 * Root: antd theme (the theme colour's shades, no animations for who asked for less motion) and locale following the interface language,
 * grey mode, antd's App context, and the router.
 */
export function App() {
  // Subscribing re-renders on a language switch, so antd's texts and dates follow.
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const router = useSyncExternalStore(subscribeAppRouter, getAppRouter);
  const color = useThemeColor();
  const reducedMotion = usePrefersReducedMotion();
  const appTheme = useMemo(() => antdThemeFor(color, reducedMotion), [color, reducedMotion]);
  const greyEndTime = useShellConfigStore((state) => state.greyEndTime);
  const attachHost = useShellConfigStore((state) => state.attachHost);
  const officeType = useShellConfigStore((state) => state.officeType);
  const ofdType = useShellConfigStore((state) => state.ofdType);
  const openOnLineFlag = useShellConfigStore((state) => state.openOnLineFlag);
  const attachmentSettings = useMemo(() => ({
    officeViewer: parseOfficeViewerConfig({ attachHost, officeType, ofdType, openOnLineFlag }),
  }), [attachHost, officeType, ofdType, openOnLineFlag]);

  useEffect(() => applyThemeCssVariables(color), [color]);
  useEffect(() => applyGreyMode(greyEndTime), [greyEndTime]);

  return (
    <ConfigProvider locale={antdLocale(language)} theme={appTheme}>
      <AntApp>
        <FeedbackBinder />
        <AttachmentSettingsProvider value={attachmentSettings}>
          <Suspense fallback={<PageLoading />}>
            <RouterProvider router={router} />
          </Suspense>
        </AttachmentSettingsProvider>
      </AntApp>
    </ConfigProvider>
  );
}
