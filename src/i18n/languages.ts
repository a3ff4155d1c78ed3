import { STORAGE_KEYS } from '../session/storageKeys';
import { getStoredItem } from '../session/storedItem';

/** Simplified Chinese is the default and the fallback (shell spec §1). */
export const LANGUAGES = ['zh-cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-cn';

export function isLanguage(candidate: unknown): candidate is Language {
  return typeof candidate === 'string' && (LANGUAGES as readonly string[]).includes(candidate);
}

/** The language saved by the switch (APP_LANG), else the default. */
export function storedLanguage(): Language {
  const saved = getStoredItem<string>(STORAGE_KEYS.APP_LANG);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** BCP 47 tag for `<html lang>` and `Accept-Language` (the server localises from it). */
export function languageTag(language: Language): string {
  switch (language) {
    case 'zh-cn': return 'zh-CN';
    case 'en': return 'en';
    default: {
      const unreachable: never = language;
      throw new Error(`unknown language ${String(unreachable)}`);
    }
  }
}
