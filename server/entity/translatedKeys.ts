import type { i18n } from 'i18next';

/** More keys than any language pack holds for one search; keeps the IN list of the query bounded. */
const MAX_KEYS = 200;

/** Every key of the language packs with its texts in all languages, lowered; built once per instance. */
const flattened = new WeakMap<i18n, Map<string, string[]>>();

function flatTexts(instance: i18n): Map<string, string[]> {
  const cached = flattened.get(instance);
  if (cached) return cached;
  const texts = new Map<string, string[]>();
  const visit = (node: unknown, prefix: string) => {
    if (typeof node === 'string') {
      texts.set(prefix, [...(texts.get(prefix) ?? []), node.toLowerCase()]);
    } else if (node && typeof node === 'object') {
      for (const [name, child] of Object.entries(node)) visit(child, prefix ? `${prefix}.${name}` : name);
    }
  };
  for (const language of Object.values(instance.store.data)) visit(language.translation, '');
  flattened.set(instance, texts);
  return texts;
}

/**
 * The language-pack keys whose text, in any language, contains the keyword: a `translated` field
 * stores keys (menu.hr) that the user reads as 人力资源 or Human resources, so a keyword search
 * on such a field also matches the rows holding one of these keys. `under` keeps the keys of one
 * group (`bpm.process.`): a common word then cannot fill the bounded list with other groups' keys.
 */
export function keysWhoseTextContains(instance: i18n, keyword: string, under = ''): string[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [];
  const keys: string[] = [];
  for (const [key, texts] of flatTexts(instance)) {
    if (key.startsWith(under) && texts.some((text) => text.includes(needle))) keys.push(key);
    if (keys.length === MAX_KEYS) break;
  }
  return keys;
}
