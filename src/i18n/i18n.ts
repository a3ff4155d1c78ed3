import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageTag, storedLanguage, type Language } from './languages';
import { resources } from './resources';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Our codes are lower-case ('zh-cn'); without this i18next canonicalises to 'zh-CN' and misses the pack.
  lowerCaseLng: true,
  load: 'currentOnly',
  // Resources are bundled, so initialise synchronously: the first render already has its texts.
  initAsync: false,
  // React escapes text itself.
  interpolation: { escapeValue: false },
  returnNull: false,
  // Keeps i18next's advertisement out of users' consoles.
  showSupportNotice: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Keeps dayjs and `<html lang>` on the language the texts are in. */
function followLanguage(): void {
  const language = currentLanguage();
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = languageTag(language);
}

followLanguage();
i18n.on('languageChanged', followLanguage);
