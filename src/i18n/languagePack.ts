import type { Locale } from 'antd/es/locale';
import type { ResourceLanguage } from 'i18next';
import type { Language } from './languages';
import zhCn from './packs/zhCn';

/** Everything one interface language needs: the app's texts and antd's. */
export interface LanguagePack {
  translation: ResourceLanguage;
  antd: Locale;
}

/**
 * The default language is bundled, so the first paint in Chinese waits for no further download;
 * every other pack is a chunk of its own, fetched only when that language is chosen (each pack is
 * ~80 KB, and most users never switch).
 */
const loaders: Record<Exclude<Language, 'zh-cn'>, () => Promise<LanguagePack>> = {
  en: () => import('./packs/en').then((module) => module.default),
};

const loaded = new Map<Language, LanguagePack>([['zh-cn', zhCn]]);

export function bundledPack(): LanguagePack {
  return zhCn;
}

/** The namespaces of the default pack left out of the bundle (scripts/vite/zhCnSplit.ts): a chunk of their own. */
export function loadLaterDefaultTexts(): Promise<ResourceLanguage> {
  return import('virtual:zh-cn-texts/later').then((module) => module.default);
}

/** The pack if it is already here (the default always is), else undefined. */
export function loadedPack(language: Language): LanguagePack | undefined {
  return loaded.get(language);
}

export async function loadLanguagePack(language: Language): Promise<LanguagePack> {
  const present = loaded.get(language);
  if (present) return present;
  const pack = await loaders[language as Exclude<Language, 'zh-cn'>]();
  loaded.set(language, pack);
  return pack;
}
