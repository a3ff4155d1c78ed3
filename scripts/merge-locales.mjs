#!/usr/bin/env node
// Builds locales/{lang}.json from every locales/parts/*.{lang}.json.
// Each part belongs to one owner (shell, a module, the designer…); merging them here lets owners
// edit their own file without touching a shared one. A key defined by two parts with different
// values is an ownership mistake, so the merge stops instead of letting one silently win.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LANGUAGES = ['zh-cn', 'en'];
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const partsDir = join(localesDir, 'parts');

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `source` into `target`; `origin` maps each leaf path to the part that set it. */
function mergeInto(target, source, file, origin, path = []) {
  for (const [key, value] of Object.entries(source)) {
    const keyPath = [...path, key];
    const dotted = keyPath.join('.');
    if (!(key in target)) {
      target[key] = isObject(value) ? mergeInto({}, value, file, origin, keyPath) : value;
      if (!isObject(value)) origin.set(dotted, file);
      continue;
    }
    const existing = target[key];
    if (isObject(existing) && isObject(value)) {
      mergeInto(existing, value, file, origin, keyPath);
    } else if (isObject(existing) || isObject(value) || existing !== value) {
      const first = origin.get(dotted) ?? 'an earlier part (as a group of keys)';
      throw new Error(
        `Conflicting locale key "${dotted}": ${first} and ${file} give different values. ` +
        'Rename the key in one of the parts or agree on one value.',
      );
    }
  }
  return target;
}

function leafPaths(object, path = []) {
  return Object.entries(object).flatMap(([key, value]) =>
    isObject(value) ? leafPaths(value, [...path, key]) : [[...path, key].join('.')]);
}

const checkOnly = process.argv.includes('--check');
const problems = [];
const merged = {};
for (const language of LANGUAGES) {
  const suffix = `.${language}.json`;
  const files = readdirSync(partsDir).filter((name) => name.endsWith(suffix)).sort();
  const origin = new Map();
  const result = {};
  for (const file of files) {
    let part;
    try {
      part = JSON.parse(readFileSync(join(partsDir, file), 'utf8'));
    } catch (error) {
      throw new Error(`locales/parts/${file} is not valid JSON: ${error.message}`);
    }
    if (!isObject(part)) throw new Error(`locales/parts/${file} must hold a JSON object at its top`);
    mergeInto(result, part, file, origin);
  }
  merged[language] = result;
  const target = join(localesDir, `${language}.json`);
  const text = `${JSON.stringify(result, null, 2)}\n`;
  if (checkOnly) {
    // `--check` (run by the unit tests): the committed file must be exactly the merge of its parts.
    if (readFileSync(target, 'utf8') !== text) problems.push(`locales/${language}.json is not the merge of locales/parts: run node scripts/merge-locales.mjs`);
  } else {
    writeFileSync(target, text);
    console.log(`locales/${language}.json: ${files.length} part(s), ${origin.size} key(s)`);
  }
}

// A key present in one language only falls back silently at run time; say so here instead.
const [first, ...others] = LANGUAGES;
const firstKeys = new Set(leafPaths(merged[first]));
for (const language of others) {
  const keys = new Set(leafPaths(merged[language]));
  for (const key of firstKeys) if (!keys.has(key)) problems.push(`${key} is missing in ${language}`);
  for (const key of keys) if (!firstKeys.has(key)) problems.push(`${key} is missing in ${first}`);
}
for (const problem of problems) console.error(problem);
if (problems.length) process.exit(1);
