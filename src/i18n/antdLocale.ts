import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import type { Language } from './languages';

export function antdLocale(language: Language): Locale {
  switch (language) {
    case 'zh-cn': return zhCN;
    case 'en': return enUS;
    default: {
      const unreachable: never = language;
      throw new Error(`unknown language ${String(unreachable)}`);
    }
  }
}
