import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The bench-only "big form" module: one entity of `fieldCount` mixed fields laid out in tabs
 * (BenchForm) and the same fields on a single page (BenchFormFlat). It lives in a temporary copy
 * of schemas/ (SCHEMA_DIR), never in the product's schemas/. The browser tests of the form reuse
 * it at a smaller size.
 */

export const BENCH_MODULE = 'benchform';
export const TABBED_ENTITY = 'BenchForm';
export const FLAT_ENTITY = 'BenchFormFlat';
export const TABBED_PATH = '/benchform/tabbed';
export const FLAT_PATH = '/benchform/flat';

type Json = Record<string, unknown>;

/** Field `i` (0-based) is named f001, f002, …: sortable and readable in the DOM's test ids. */
export const fieldName = (i: number): string => `f${String(i + 1).padStart(3, '0')}`;

const KINDS = ['string', 'integer', 'money', 'date', 'options', 'dictionary', 'switch', 'user', 'number', 'text'] as const;

/** The switch every group of ten hides its last field by, and the string its `requiredWhen` reads. */
const switchOf = (i: number): string => fieldName(i - (i % 10) + 6);
const stringOf = (i: number): string => fieldName(i - (i % 10));

function fieldDef(i: number, requiredEvery: number): Json {
  const name = fieldName(i);
  const label = `字段 ${i + 1}`;
  const kind = KINDS[i % KINDS.length];
  const required = requiredEvery > 0 && kind === 'number' && Math.floor(i / 10) % requiredEvery === requiredEvery - 1 ? true : undefined;
  switch (kind) {
    case 'string': return { name, label, type: 'string', maxLength: 100 };
    case 'integer': return { name, label, type: 'integer', min: 0, max: 1_000_000 };
    case 'money': return { name, label, type: 'money', min: 0 };
    case 'date': return { name, label, type: 'date' };
    case 'options': return { name, label, type: 'options', options: [{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }, { label: '丙', value: 'c' }] };
    case 'dictionary': return { name, label, type: 'dictionary', dictionary: 'hrContractType' };
    case 'switch': return { name, label, type: 'switch', default: 0 };
    case 'user': return { name, label, type: 'user' };
    case 'number': return { name, label, type: 'number', precision: 2, required };
    case 'text': return { name, label, type: 'text', maxLength: 500 };
  }
}

/** Layout items: half-width fields; the text closing each group of ten is hidden until the group's switch is on, the integer is required when the group's string says so. */
function fieldItem(i: number): Json {
  const kind = KINDS[i % KINDS.length];
  const item: Json = { kind: 'field', field: fieldName(i), span: kind === 'text' ? 24 : 12 };
  if (kind === 'text') item.hiddenWhen = `${switchOf(i)} != 1`;
  if (kind === 'integer') item.requiredWhen = `${stringOf(i)} == 'required'`;
  return item;
}

function entity(name: string, table: string, fieldCount: number, tabs: number, requiredEvery: number): Json {
  const indexes = Array.from({ length: fieldCount }, (_, i) => i);
  const perTab = Math.ceil(fieldCount / tabs);
  const layout = tabs <= 1
    ? indexes.map(fieldItem)
    : [{
      kind: 'tabs',
      children: Array.from({ length: tabs }, (_, t) => ({
        kind: 'tab', title: `分组 ${t + 1}`, children: indexes.slice(t * perTab, (t + 1) * perTab).map(fieldItem),
      })),
    }];
  return {
    formatVersion: 1,
    name,
    title: name,
    table,
    key: 'benchId',
    labelField: fieldName(0),
    fields: indexes.map((i) => fieldDef(i, requiredEvery)),
    list: {
      columns: [{ prop: fieldName(0), width: 160 }, { prop: fieldName(1), width: 120 }],
      filters: [{ field: fieldName(0) }],
      keywordFields: [fieldName(0)],
      defaultSort: { prop: 'createTime', order: 'descending' },
      scopes: { manage: true },
    },
    form: { layout },
  };
}

export interface BenchSchemaOptions {
  fieldCount: number;
  /** Tabs of the tabbed variant. */
  tabs: number;
  /** The number field of every n-th group of ten fields is required (0: none). */
  requiredEvery: number;
}

/** A temporary copy of schemas/ with the bench module added; returns its folder (the caller removes it). */
export function writeBenchSchemas({ fieldCount, tabs, requiredEvery }: BenchSchemaOptions): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-schemas-'));
  fs.cpSync(path.resolve('schemas'), dir, { recursive: true });
  const moduleDir = path.join(dir, BENCH_MODULE);
  fs.mkdirSync(moduleDir);
  const module = {
    formatVersion: 1,
    name: BENCH_MODULE,
    title: '表单基准',
    base: BENCH_MODULE,
    menus: [{
      name: BENCH_MODULE, title: '表单基准', type: 'dir', icon: 'FormOutlined', path: `/${BENCH_MODULE}`, sort: 90,
      children: [
        { name: 'benchFormTabbed', title: '分页表单', type: 'page', path: TABBED_PATH, entity: TABBED_ENTITY, sort: 1 },
        { name: 'benchFormFlat', title: '单页表单', type: 'page', path: FLAT_PATH, entity: FLAT_ENTITY, sort: 2 },
      ],
    }],
  };
  const write = (file: string, doc: Json) => fs.writeFileSync(path.join(moduleDir, file), JSON.stringify(doc, null, 2));
  write('module.json', module);
  write(`${TABBED_ENTITY}.json`, entity(TABBED_ENTITY, 'bench_form', fieldCount, tabs, requiredEvery));
  write(`${FLAT_ENTITY}.json`, entity(FLAT_ENTITY, 'bench_form_flat', fieldCount, 1, requiredEvery));
  return dir;
}

/** Form items the tabbed variant shows on its first tab, and the flat one on its page, when the form opens (switches off). */
export function visibleOnOpen(fieldCount: number, tabs: number): { tabbed: number; flat: number } {
  const shown = (from: number, to: number) => Array.from({ length: Math.min(to, fieldCount) - from }, (_, k) => from + k)
    .filter((i) => KINDS[i % KINDS.length] !== 'text').length;
  return { tabbed: shown(0, Math.ceil(fieldCount / tabs)), flat: shown(0, fieldCount) };
}
