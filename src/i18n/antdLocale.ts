import type { Locale } from 'antd/es/locale';
import { bundledPack, loadedPack } from './languagePack';
import type { Language } from './languages';

/** antd's texts for `language`; a pack still on its way leaves antd on the bundled default for that moment. */
export function antdLocale(language: Language): Locale {
  return (loadedPack(language) ?? bundledPack()).antd;
}
