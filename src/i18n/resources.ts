// The merged language packs (scripts/merge-locales.mjs builds them from locales/parts/).
import type { ResourceLanguage } from 'i18next';
import zhCn from '../../locales/zh-cn.json';
import en from '../../locales/en.json';
import type { Language } from './languages';

export const resources: Record<Language, ResourceLanguage> = {
  'zh-cn': { translation: zhCn },
  en: { translation: en },
};
