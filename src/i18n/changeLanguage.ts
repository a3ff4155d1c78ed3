import { STORAGE_KEYS } from '../session/storageKeys';
import { setStoredItem } from '../session/storedItem';
import { i18n } from './i18n';
import type { Language } from './languages';

/** Switches the interface language and remembers it (APP_LANG) for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  setStoredItem(STORAGE_KEYS.APP_LANG, language);
  await i18n.changeLanguage(language);
}
