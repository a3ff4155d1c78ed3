import type { Locale } from 'antd/es/locale';
// The ESM build: antd/locale/* re-exports the CommonJS lib build, whose default export the
// bundler's interop can wrap once more, leaving antd without its texts.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
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
