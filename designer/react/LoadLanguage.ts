/** Makes a language's texts available to i18next (the shell fetches its pack once); the UI language stays as it is. */
export type LoadLanguage = (language: 'zh-cn' | 'en') => Promise<void>;
