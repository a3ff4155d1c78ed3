import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageTag, storedLanguage, type Language } from './languages';
import { bundledPack, loadLanguagePack, loadLaterDefaultTexts, loadedPack } from './languagePack';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // Only the bundled default: other packs are added when chosen (addLanguagePack).
  resources: { [DEFAULT_LANGUAGE]: { translation: bundledPack().translation } },
  lng: loadedPack(storedLanguage()) ? storedLanguage() : DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Our codes are lower-case ('zh-cn'); without this i18next canonicalises to 'zh-CN' and misses the pack.
  lowerCaseLng: true,
  load: 'currentOnly',
  // The default pack is bundled, so initialise synchronously: the first render already has its texts.
  initAsync: false,
  // React escapes text itself.
  interpolation: { escapeValue: false },
  returnNull: false,
  // Keeps i18next's advertisement out of users' consoles.
  showSupportNotice: false,
});

let laterDefaultTexts: Promise<void> | undefined;
/** A page behind the sign-in has been loaded: from now on the default language means its whole pack. */
let wholeDefaultPackWanted = false;

/**
 * The texts a page behind the sign-in needs (router/lazyPage.ts): in the default language, its
 * whole pack; in another, that language's pack, which is whole already. Switching to the default
 * language later completes its pack first (addLanguagePack).
 */
export function textsForPages(): Promise<void> {
  wholeDefaultPackWanted = true;
  return currentLanguage() === DEFAULT_LANGUAGE ? completeDefaultPack() : Promise.resolve();
}

/**
 * The default pack made whole: its namespaces the sign-in page never shows (entities, designer,
 * the modules' screens) are fetched once and added; a failed fetch is tried again by the next page.
 */
export function completeDefaultPack(): Promise<void> {
  laterDefaultTexts ??= loadLaterDefaultTexts().then((texts) => {
    // Bundled texts win over designed ones: a designed key this half defines is the bundle's again.
    for (const mark of [...designedKeys]) {
      const key = mark.slice(DEFAULT_LANGUAGE.length + 1);
      if (mark.startsWith(`${DEFAULT_LANGUAGE}:`) && textAt(texts, key) !== undefined) designedKeys.delete(mark);
    }
    i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', texts, true, true);
    applyDesignedTexts();
  }, (error: unknown) => {
    laterDefaultTexts = undefined;
    throw error;
  });
  return laterDefaultTexts;
}

/** The text at a dotted key of a nested pack, if it is a text. */
function textAt(texts: unknown, key: string): string | undefined {
  const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);
  return typeof found === 'string' ? found : undefined;
}

/** Fetches `language`'s pack (once) and hands its texts to i18next; the language stays as it is. */
export async function addLanguagePack(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE) return wholeDefaultPackWanted ? completeDefaultPack() : undefined;
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const pack = await loadLanguagePack(language);
  i18n.addResourceBundle(language, 'translation', pack.translation);
  applyDesignedTexts();
}

/** The texts of entities designed online (getDesignedMessages), per language. */
let designedTexts: Partial<Record<Language, Record<string, string>>> = {};
/** Keys taken from designs: a later session may change their text, never a bundled key's. */
const designedKeys = new Set<string>();

/**
 * Adds the designed entities' texts to the packs present; a pack fetched later gets them when it
 * arrives (adding to a missing pack would create it and stop the real one from loading).
 */
export function setDesignedTexts(texts: Partial<Record<Language, Record<string, string>>>): void {
  designedTexts = texts;
  applyDesignedTexts();
}

function applyDesignedTexts(): void {
  for (const language of LANGUAGES) {
    if (!i18n.hasResourceBundle(language, 'translation')) continue;
    for (const [key, text] of Object.entries(designedTexts[language] ?? {})) {
      const mark = `${language}:${key}`;
      if (designedKeys.has(mark) || i18n.getResource(language, 'translation', key) === undefined) {
        i18n.addResource(language, 'translation', key, text);
        designedKeys.add(mark);
      }
    }
  }
}

/**
 * The language saved by the switch, before the first render: a pack that is not bundled is
 * fetched first (one request, English users only). Should it fail, the app starts in the default.
 */
export async function startStoredLanguage(): Promise<void> {
  const language = storedLanguage();
  if (language === i18n.language) return;
  try {
    await addLanguagePack(language);
    await i18n.changeLanguage(language);
  } catch (error) {
    console.warn(`the ${language} language pack did not load; starting in ${DEFAULT_LANGUAGE}`, error);
  }
}

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
