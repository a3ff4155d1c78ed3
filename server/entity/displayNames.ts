import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import type { Lang } from '../http/serverI18n';
import { splitIds } from './rowValues';
import { hasTranslatedLabel, translatedText } from './translatedText';

/** Where ids of one target entity sit: top-level fields, and columns of sub-table rows. */
interface Target { entity: EntityDef; fields: string[]; cells: { table: string; cell: string }[] }

function targetNameOf(field: FieldDef): string | undefined {
  if (field.type === 'user' || field.type === 'users') return 'User';
  if (field.type === 'department' || field.type === 'departments') return 'Dept';
  return field.type === 'reference' ? field.entity : undefined;
}

function subRows(row: Record<string, unknown>, table: string): Record<string, unknown>[] {
  const value = row[table];
  return Array.isArray(value) ? value.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null) : [];
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
  const targets = new Map<string, Target>();
  const targetFor = (field: FieldDef): Target | undefined => {
    const targetName = targetNameOf(field);
    const target = targetName ? ctx.registry.entities.get(targetName) : undefined;
    if (!target) return undefined;
    const entry = targets.get(target.name) ?? { entity: target, fields: [], cells: [] };
    targets.set(target.name, entry);
    return entry;
  };
  for (const field of entity.fields) {
    if (field.type === 'subTable') {
      for (const cell of field.fields ?? []) targetFor(cell)?.cells.push({ table: field.name, cell: cell.name });
    } else {
      targetFor(field)?.fields.push(field.name);
    }
  }
  const name = (names: Map<string, string>, value: unknown) => {
    const list = splitIds(value);
    return list.length ? list.map((id) => names.get(id) ?? id).join(',') : null;
  };
  for (const { entity: target, fields, cells } of targets.values()) {
    const ids = new Set<string>();
    for (const row of rows) {
      for (const f of fields) for (const id of splitIds(row[f])) ids.add(id);
      for (const { table, cell } of cells) for (const sub of subRows(row, table)) for (const id of splitIds(sub[cell])) ids.add(id);
    }
    if (ids.size === 0) continue;
    const found = await ctx.database.db.selectFrom(target.table).select([target.key, target.labelField])
      .where(target.key, 'in', [...ids]).execute();
    const read = hasTranslatedLabel(target) ? (text: string) => translatedText(ctx.i18n, lang, text) : (text: string) => text;
    const names = new Map(found.map((r) => [String(r[target.key]), read(String(r[target.labelField] ?? ''))]));
    for (const row of rows) {
      for (const f of fields) row[`${f}Name`] = name(names, row[f]);
      for (const { table, cell } of cells) for (const sub of subRows(row, table)) sub[`${cell}Name`] = name(names, sub[cell]);
    }
  }
}
