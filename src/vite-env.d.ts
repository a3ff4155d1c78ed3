/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the title and header; empty = the translated default name. */
  readonly VITE_APP_NAME?: string;
  /** Default theme colour when the user has not saved one (APP_COLOR). */
  readonly VITE_APP_COLOR?: string;
  /** In-app path '/' redirects to; '/dashboard' when unset. */
  readonly VITE_DASHBOARD_URL?: string;
  /** Request time-out in milliseconds (default 300000). */
  readonly VITE_REQUEST_TIMEOUT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The default pack's two halves (scripts/vite/zhCnSplit.ts). */
declare module 'virtual:zh-cn-texts/first' {
  const texts: import('i18next').ResourceLanguage;
  export default texts;
}
declare module 'virtual:zh-cn-texts/later' {
  const texts: import('i18next').ResourceLanguage;
  export default texts;
}
