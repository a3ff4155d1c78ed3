import type { LanguagePack } from '../languagePack';
// The ESM build (see zhCn.ts). dayjs speaks English without a locale file.
import antd from 'antd/es/locale/en_US';
// The merged pack (scripts/merge-locales.mjs builds it from locales/parts/).
import translation from '../../../locales/en.json';

const pack: LanguagePack = { translation, antd };
export default pack;
