import type { i18n } from 'i18next';
import type { EntityDef } from '../../runtime/core/schema';
import type { Lang } from '../http/serverI18n';

/**
 * A stored text that may be a language-pack key (seeded dictionary labels, role names, desk
 * titles, menu titles) as a reader of `lang` reads it: the key's text where the pack holds that
 * key as a text, anything else as typed. The pack is looked up, never asked to translate, so
 * "HR: 合同" is not read as a namespace and a key.
 */
export function translatedText(instance: i18n, lang: Lang, text: string): string {
  const found = instance.getResource(lang, 'translation', text) ?? instance.getResource('zh-cn', 'translation', text);
  return typeof found === 'string' ? found : text;
}

/** Every text the key reads as, in each language (what a reader may type for it: 男 or Male). */
export function textsOfKey(instance: i18n, text: string): string[] {
  const texts = (['zh-cn', 'en'] as const).map((lang) => instance.getResource(lang, 'translation', text))
    .filter((found): found is string => typeof found === 'string');
  return [...new Set([text, ...texts])];
}

/** Whether an entity's label is a `translated` field: its names are read through translatedText. */
export function hasTranslatedLabel(entity: EntityDef): boolean {
  return entity.fields.some((f) => f.name === entity.labelField && f.translated);
}

/** Every text of the language packs → the keys that read so, in any language; built once per instance. */
const keysByText = new WeakMap<i18n, Map<string, string[]>>();

/**
 * The keys a text is the reading of (人事专员 and HR staff → role.hr.name): an import names a
 * role or a dictionary item by what the reader reads, the row stores the key.
 */
export function keysReadAs(instance: i18n, text: string): string[] {
  let index = keysByText.get(instance);
  if (!index) {
    const built = new Map<string, string[]>();
    const visit = (node: unknown, key: string) => {
      if (typeof node === 'string') built.set(node, [...(built.get(node) ?? []), key]);
      else if (node && typeof node === 'object') for (const [name, child] of Object.entries(node)) visit(child, key ? `${key}.${name}` : name);
    };
    for (const language of Object.values(instance.store.data)) visit(language.translation, '');
    index = built;
    keysByText.set(instance, index);
  }
  return [...new Set(index.get(text) ?? [])];
}
