import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Namespaces of the default (Chinese) pack that the sign-in page never shows: the entities' field
 * and option texts, the designer's and the modules' screens, over half the pack and growing with
 * every module. They are a chunk of their own, fetched with the first page behind the sign-in
 * (every page but /login waits for it: src/router/lazyPage.ts); the sign-in page's bundle keeps
 * the rest (docs/PERFORMANCE.md › Assets). A namespace the sign-in page uses must not be here.
 */
export const LATER_NAMESPACES: readonly string[] = [
  'entity', 'designer', 'bpm', 'bpmCentre', 'email', 'people', 'community', 'file', 'fileUi', 'portal',
  'desk', 'calendar', 'knowledge', 'info', 'infohub', 'preview',
];

export const ZH_CN_FIRST = 'virtual:zh-cn-texts/first';
export const ZH_CN_LATER = 'virtual:zh-cn-texts/later';

/**
 * Serves locales/zh-cn.json (the merge of locales/parts) as two modules, `first` (every namespace
 * but LATER_NAMESPACES) and `later` (those), so one file stays the source of both halves.
 */
export function zhCnSplit(): Plugin {
  let file = path.resolve('locales/zh-cn.json');
  return {
    name: 'oa-zh-cn-split',
    configResolved(config) { file = path.join(config.root, 'locales', 'zh-cn.json'); },
    resolveId(id) { return id === ZH_CN_FIRST || id === ZH_CN_LATER ? `\0${id}` : null; },
    load(id) {
      if (id !== `\0${ZH_CN_FIRST}` && id !== `\0${ZH_CN_LATER}`) return null;
      this.addWatchFile(file);
      const later = id === `\0${ZH_CN_LATER}`;
      const pack = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const part = Object.fromEntries(Object.entries(pack).filter(([namespace]) => LATER_NAMESPACES.includes(namespace) === later));
      // JSON.parse of one string literal: faster to start than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}
