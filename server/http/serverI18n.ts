import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type TFunction } from 'i18next';

export type Lang = 'zh-cn' | 'en';

/**
 * The server speaks the same language packs as the browser (locales/*.json), so a refusal
 * reads identically whether the form or the server caught it.
 */
export async function createServerI18n(root: string): Promise<i18n> {
  const read = (lang: Lang) => JSON.parse(fs.readFileSync(path.join(root, 'locales', `${lang}.json`), 'utf8')) as object;
  const instance = i18next.createInstance();
  await instance.init({
    resources: { 'zh-cn': { translation: read('zh-cn') }, en: { translation: read('en') } },
    lng: 'zh-cn',
    fallbackLng: 'zh-cn',
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

/** The app sends its own language (APP_LANG) in `X-Lang`; plain clients fall back to Accept-Language. */
export function pickLanguage(headers: Record<string, string | string[] | undefined>): Lang {
  const wanted = String(headers['x-lang'] ?? headers['accept-language'] ?? '').toLowerCase();
  return wanted.startsWith('en') ? 'en' : 'zh-cn';
}

export function translatorFor(instance: i18n, lang: Lang): TFunction {
  return instance.getFixedT(lang);
}
