import { useCallback } from 'react';
import type { EntityMessages } from '../../../runtime/core/schema';
import { useApply } from './useApply';
import { useDesignStore } from './useDesignState';
import type { DesignLanguage } from './useEntityText';

/** Texts to write: key → text per language; an empty text removes the key's text. */
export type MessageTexts = Partial<Record<DesignLanguage, Record<string, string>>>;

/**
 * Writes texts of the entity's own i18n keys (entity.messages) as one updateEntity operation,
 * merged with the other writes of the same `mergeKey` (the keystrokes of one box).
 */
export function useMessageWriter(): (texts: MessageTexts, mergeKey: string) => void {
  const store = useDesignStore();
  const apply = useApply();
  return useCallback((texts, mergeKey) => {
    const messages = store.getState().document.entity.messages as EntityMessages | undefined;
    const next: EntityMessages = { 'zh-cn': { ...(messages?.['zh-cn'] ?? {}) }, en: { ...(messages?.en ?? {}) } };
    for (const [language, entries] of Object.entries(texts) as [DesignLanguage, Record<string, string>][]) {
      for (const [key, text] of Object.entries(entries)) {
        if (text === '') delete next[language][key]; else next[language][key] = text;
      }
    }
    apply({ type: 'updateEntity', patch: { messages: next } }, { mergeKey });
  }, [store, apply]);
}
