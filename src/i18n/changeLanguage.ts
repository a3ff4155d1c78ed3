import { STORAGE_KEYS } from '../session/storageKeys';
import { setStoredItem } from '../session/storedItem';
import { i18n, addLanguagePack } from './i18n';
import type { Language } from './languages';

/**
 * Switches the interface language and remembers it (APP_LANG) for the next visit. The language's
 * pack is fetched first, so the switch shows the new texts at once, never keys.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await addLanguagePack(language);
  setStoredItem(STORAGE_KEYS.APP_LANG, language);
  await i18n.changeLanguage(language);
}
