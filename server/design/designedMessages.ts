import type { i18n } from 'i18next';
import type { EntityMessages, Registry } from '../../runtime/core/schema';

const LANGUAGES = ['zh-cn', 'en'] as const;

/** Keys each language pack took from designs: a later publish may change their text, never a bundled key's. */
const designedKeys = new WeakMap<i18n, Set<string>>();

/** Every entity's own messages, for the browser's language packs (getDesignedMessages). */
export function designedMessages(registry: Registry): EntityMessages {
  const all: EntityMessages = { 'zh-cn': {}, en: {} };
  for (const entity of registry.entities.values()) {
    for (const lng of LANGUAGES) Object.assign(all[lng], entity.messages?.[lng] ?? {});
  }
  return all;
}

/** The server's own packs (exports, import templates, translated labels) learn the designed texts. */
export function addDesignedMessages(i18n: i18n, registry: Registry): void {
  const own = designedKeys.get(i18n) ?? new Set<string>();
  designedKeys.set(i18n, own);
  const all = designedMessages(registry);
  for (const lng of LANGUAGES) {
    for (const [key, text] of Object.entries(all[lng])) {
      const mark = `${lng}:${key}`;
      if (own.has(mark) || !i18n.getResource(lng, 'translation', key)) {
        i18n.addResource(lng, 'translation', key, text);
        own.add(mark);
      }
    }
  }
}
