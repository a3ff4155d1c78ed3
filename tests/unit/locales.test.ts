import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import zhCn from '../../locales/zh-cn.json';
import en from '../../locales/en.json';
import { buildRegistry, type FormNode } from '../../runtime/core/schema';
import { readSchemaSources } from '../../server/schema/loadRegistry';
import { collectFieldItems } from '../../runtime/core/validation';

function leafKeys(object: object, prefix = ''): string[] {
  return Object.entries(object).flatMap(([k, v]) => (v && typeof v === 'object' ? leafKeys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/** Every i18n key a schema shows to users: titles, labels, options, rules, tips, tabs, flow texts, menus, module roles. */
function schemaKeys(): string[] {
  const registry = buildRegistry(readSchemaSources(path.resolve('schemas')));
  const keys: string[] = [];
  for (const mod of registry.modules.values()) {
    keys.push(mod.title);
    const walk = (menus: typeof mod.menus) => menus.forEach((m) => { keys.push(m.title); if (m.children) walk(m.children); });
    walk(mod.menus);
    // The roles a module ships are stored under their name key and read in either language.
    for (const role of mod.roles) keys.push(role.name, ...(role.description ? [role.description] : []));
  }
  for (const e of registry.entities.values()) {
    keys.push(e.title);
    for (const f of e.fields) {
      keys.push(f.label);
      f.fields?.forEach((sub) => keys.push(sub.label));
      f.options?.forEach((o) => keys.push(o.label));
      f.rules?.forEach((r) => keys.push(r.message));
    }
    for (const item of collectFieldItems(e.form)) {
      if (item.tips) keys.push(item.tips);
      if (item.message) keys.push(item.message);
      item.rules?.forEach((r) => keys.push(r.message));
    }
    const tabs = (nodes: FormNode[]): void => nodes.forEach((n) => { if (n.kind === 'tab') keys.push(n.title); if (n.kind !== 'field') tabs(n.children); });
    tabs(e.form.layout);
    e.details.sections.forEach((s) => { if (s.title) keys.push(s.title); });
    e.flow?.states.forEach((s) => keys.push(s.label));
    e.flow?.transitions.forEach((t) => { keys.push(t.label); if (t.guardMessage) keys.push(t.guardMessage); });
    e.actions.forEach((a) => { keys.push(a.label); if (a.confirm) keys.push(a.confirm); });
  }
  return [...new Set(keys)];
}

describe('language packs', () => {
  it('are exactly the merge of locales/parts and carry the same keys in both languages', () => {
    expect(() => execFileSync(process.execPath, ['scripts/merge-locales.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
    expect(leafKeys(en).sort()).toEqual(leafKeys(zhCn).sort());
  });

  it('translate every text the schemas show, in both languages', () => {
    const zh = new Set(leafKeys(zhCn));
    const missing = schemaKeys().filter((key) => !zh.has(key));
    expect(missing).toEqual([]);
  });

  it('give the spec\'s exact Chinese texts', async () => {
    const t = i18next.createInstance();
    await t.init({ resources: { 'zh-cn': { translation: zhCn } }, lng: 'zh-cn', lowerCaseLng: true, showSupportNotice: false });
    expect(t.t('validation.required')).toBe('字段值不可为空');
    expect(t.t('shell.form.checkForm')).toBe('请检查表单！');
    expect(t.t('shell.request.noResponse')).toBe('请求服务器无响应！');
    expect(t.t('shell.request.notFound')).toBe('Status:404，正在请求不存在的服务器记录！');
  });
});
