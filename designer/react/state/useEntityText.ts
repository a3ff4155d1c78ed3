import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityMessages } from '../../../runtime/core/schema';
import { useDesignState } from './useDesignState';

export type DesignLanguage = keyof EntityMessages;

export const DESIGN_LANGUAGES: readonly DesignLanguage[] = ['zh-cn', 'en'];

export const designLanguage = (language: string): DesignLanguage => (language === 'en' ? 'en' : 'zh-cn');

/**
 * Bundled texts by language and key. i18next's lookup is slow next to a Map read, and the outline
 * reads every node's title at each edit; the packs do not change while the designer is open (both
 * are loaded before it opens).
 */
const bundled = new Map<string, string>();

function bundledText(t: (key: string, options: { defaultValue: string }) => string, language: string, key: string): string {
  const cacheKey = `${language}\u0001${key}`;
  let text = bundled.get(cacheKey);
  if (text === undefined) {
    text = t(key, { defaultValue: key });
    bundled.set(cacheKey, text);
  }
  return text;
}

/**
 * The text of one of the design's i18n keys in the UI language: the entity's own messages (what
 * the designer writes), else the bundled translation, else the key (a literal label shows as typed).
 */
export function useEntityText(): (key: string | undefined) => string {
  const { t, i18n } = useTranslation();
  const messages = useDesignState((state) => state.document.entity.messages as EntityMessages | undefined);
  const language = designLanguage(i18n.language);
  return useCallback((key) => {
    if (!key) return '';
    return messages?.[language]?.[key] ?? bundledText(t, language, key);
  }, [messages, language, t]);
}

/**
 * The text of one key, as useEntityText reads it, subscribed to that key's message alone: a canvas
 * node re-renders when its own label changes, not at every keystroke in another's.
 */
export function useEntityTextOf(key: string | undefined): string {
  const { t, i18n } = useTranslation();
  const language = designLanguage(i18n.language);
  const own = useDesignState((state) => (key ? (state.document.entity.messages as EntityMessages | undefined)?.[language]?.[key] : undefined));
  if (!key) return '';
  return own ?? bundledText(t, language, key);
}
