import type { LanguagePack } from '../languagePack';
// The ESM build: antd/locale/* re-exports the CommonJS lib build, whose default export the
// bundler's interop can wrap once more, leaving antd without its texts.
import antd from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
// The merged pack (scripts/merge-locales.mjs builds it from locales/parts/) without the namespaces
// no sign-in page shows; those arrive with the first page behind it (scripts/vite/zhCnSplit.ts).
import translation from 'virtual:zh-cn-texts/first';

const pack: LanguagePack = { translation, antd };
export default pack;
