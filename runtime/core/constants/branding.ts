/** Product defaults of spec/shell.md §1. */

export const DEFAULT_THEME_COLOR = '#00C6AE';
/** Languages offered; the first is the default and the fallback. */
export const APP_LANGUAGES = ['zh-cn', 'en'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];
export const DEFAULT_APP_LANGUAGE: AppLanguage = 'zh-cn';
export const VERSION_LABEL = 'V3.1';
/** Where '/' leads when no dashboard URL is configured. */
export const DEFAULT_DASHBOARD_PATH = '/dashboard';
