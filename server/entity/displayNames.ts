import { CompiledQuery } from 'kysely';
import type { EntityDef, FieldDef, Registry } from '../../runtime/core/schema';
import type { DialectName } from '../db/connect';
import { memoText, parameterMarkers, quoteName } from '../db/statementText';
import type { ServerContext } from '../context';
import type { Lang } from '../http/serverI18n';
import { splitIds } from './rowValues';
import { hasTranslatedLabel, translatedText } from './translatedText';

/** A field holding ids of the target, and the `{field}Name` key its names go under. */
interface NamedField { name: string; nameKey: string }
/** Where ids of one target entity sit: top-level fields, and columns of sub-table rows. */
interface Target { entity: EntityDef; fields: NamedField[]; cells: { table: string; cell: NamedField }[] }

function targetNameOf(field: FieldDef): string | undefined {
  if (field.type === 'user' || field.type === 'users') return 'User';
  if (field.type === 'department' || field.type === 'departments') return 'Dept';
  return field.type === 'reference' ? field.entity : undefined;
}

const named = (name: string): NamedField => ({ name, nameKey: `${name}Name` });

/**
 * The targets of an entity, worked out once per registry (a published design swaps the whole
 * registry): every list page names its rows, and this walk over the fields showed in bench/list.
 */
const targetsCache = new WeakMap<Registry, WeakMap<EntityDef, Target[]>>();

function targetsOf(registry: Registry, entity: EntityDef): Target[] {
  let byEntity = targetsCache.get(registry);
  if (!byEntity) targetsCache.set(registry, (byEntity = new WeakMap()));
  const cached = byEntity.get(entity);
  if (cached) return cached;
  const targets = new Map<string, Target>();
  const targetFor = (field: FieldDef): Target | undefined => {
    const targetName = targetNameOf(field);
    const target = targetName ? registry.entities.get(targetName) : undefined;
    if (!target) return undefined;
    const entry = targets.get(target.name) ?? { entity: target, fields: [], cells: [] };
    targets.set(target.name, entry);
    return entry;
  };
  for (const field of entity.fields) {
    if (field.type === 'subTable') {
      for (const cell of field.fields ?? []) targetFor(cell)?.cells.push({ table: field.name, cell: named(cell.name) });
    } else {
      targetFor(field)?.fields.push(named(field.name));
    }
  }
  const list = [...targets.values()];
  byEntity.set(entity, list);
  return list;
}

function subRows(row: Record<string, unknown>, table: string): Record<string, unknown>[] {
  const value = row[table];
  return Array.isArray(value) ? value.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null) : [];
}

/** The ids in a value: most hold one id, which needs no splitting. */
function idsIn(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'string' && !value.includes(',')) {
    const id = value.trim();
    return id ? [id] : [];
  }
  return splitIds(value);
}

function nameOf(names: Map<string, string>, value: unknown): string | null {
  const list = idsIn(value);
  if (list.length === 1) return names.get(list[0]) ?? list[0];
  return list.length ? list.map((id) => names.get(id) ?? id).join(',') : null;
}

const NAMES_SQL = new Map<string, string>();

/** `select key, label from target where key in (…)`, its text made once per target and id count. */
function namesQuery(dialect: DialectName, target: EntityDef, ids: string[]): CompiledQuery<Record<string, unknown>> {
  const text = memoText(NAMES_SQL, [dialect, target.table, target.key, target.labelField, ids.length].join('\u0000'), () => (
    `select ${quoteName(target.key)}, ${quoteName(target.labelField)} from ${quoteName(target.table)} where ${quoteName(target.key)} in (${parameterMarkers(dialect, ids.length)})`));
  return CompiledQuery.raw(text, ids);
}

/**
 * Adds `{field}Name` beside every user, department and reference value so lists and details
 * show names, not ids — in sub-table rows too (`riders[0].riderName`): one query per
 * referenced entity for a whole page of rows. A target whose label is `translated` (roles, menus,
 * dictionary nodes) is named in the reader's language `lang` (the default language where a
 * caller has no reader).
 */
export async function attachDisplayNames(ctx: ServerContext, entity: EntityDef, rows: Record<string, unknown>[], lang: Lang = 'zh-cn'): Promise<void> {
  if (rows.length === 0) return;
  for (const { entity: target, fields, cells } of targetsOf(ctx.registry, entity)) {
    const ids = new Set<string>();
    for (const row of rows) {
      for (const f of fields) for (const id of idsIn(row[f.name])) ids.add(id);
      for (const { table, cell } of cells) for (const sub of subRows(row, table)) for (const id of idsIn(sub[cell.name])) ids.add(id);
    }
    if (ids.size === 0) continue;
    const { rows: found } = await ctx.database.db.executeQuery(namesQuery(ctx.database.dialect, target, [...ids]));
    const read = hasTranslatedLabel(target) ? (text: string) => translatedText(ctx.i18n, lang, text) : (text: string) => text;
    const names = new Map(found.map((r) => [String(r[target.key]), read(String(r[target.labelField] ?? ''))]));
    for (const row of rows) {
      for (const f of fields) row[f.nameKey] = nameOf(names, row[f.name]);
      for (const { table, cell } of cells) for (const sub of subRows(row, table)) sub[cell.nameKey] = nameOf(names, sub[cell.name]);
    }
  }
}
