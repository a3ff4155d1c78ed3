export { i18n, currentLanguage } from './i18n';
export { changeLanguage } from './changeLanguage';
export { antdLocale } from './antdLocale';
export { LANGUAGES, DEFAULT_LANGUAGE, isLanguage, languageTag, storedLanguage } from './languages';
export type { Language } from './languages';
