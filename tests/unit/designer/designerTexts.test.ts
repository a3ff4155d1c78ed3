import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { designerCoreMessageKeys } from '../../../designer/core';
import zhCn from '../../../locales/zh-cn.json';
import en from '../../../locales/en.json';

/**
 * Every text the designer shows is in both language packs: the model's (node kinds, properties,
 * field types, refusals) and every literal `t('designer.…')` / `t('design.…')` of its screens.
 */
function lookup(pack: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), pack);
}

function screenKeys(dir: string): string[] {
  const keys = new Set<string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'((?:designer|design)\.[A-Za-z0-9_.]+)'/g)) keys.add(match[1]);
  }
  return [...keys].sort();
}

describe('the designer\'s texts', () => {
  const keys = [...designerCoreMessageKeys(), ...screenKeys(path.resolve('designer/react'))];

  it('are many (the scan finds the screens\' keys)', () => {
    expect(screenKeys(path.resolve('designer/react')).length).toBeGreaterThan(20);
  });

  it.each([['zh-cn', zhCn], ['en', en]] as const)('are all in the %s pack', (_language, pack) => {
    const missing = keys.filter((key) => typeof lookup(pack, key) !== 'string');
    expect(missing).toEqual([]);
  });
});
