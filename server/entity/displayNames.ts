import type { EntityDef } from '../../runtime/core/schema';
import type { ServerContext } from '../context';
import { splitIds } from './rowValues';

interface Target { entity: EntityDef; fields: string[] }

/**
 * Adds `{field}Name` beside every user, department and reference value so lists and details
 * show names, not ids: one query per referenced entity for a whole page of rows.
 */
export async function attachDisplayNames(ctx: ServerContext, entity: EntityDef, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const targets = new Map<string, Target>();
  for (const field of entity.fields) {
    const targetName = field.type === 'user' || field.type === 'users' ? 'User'
      : field.type === 'department' || field.type === 'departments' ? 'Dept'
        : field.type === 'reference' ? field.entity : undefined;
    const target = targetName ? ctx.registry.entities.get(targetName) : undefined;
    if (!target) continue;
    const entry = targets.get(target.name) ?? { entity: target, fields: [] };
    entry.fields.push(field.name);
    targets.set(target.name, entry);
  }
  for (const { entity: target, fields } of targets.values()) {
    const ids = new Set<string>();
    for (const row of rows) for (const f of fields) for (const id of splitIds(row[f])) ids.add(id);
    if (ids.size === 0) continue;
    const found = await ctx.database.db.selectFrom(target.table).select([target.key, target.labelField])
      .where(target.key, 'in', [...ids]).execute();
    const names = new Map(found.map((r) => [String(r[target.key]), String(r[target.labelField] ?? '')]));
    for (const row of rows) {
      for (const f of fields) {
        const list = splitIds(row[f]);
        row[`${f}Name`] = list.length ? list.map((id) => names.get(id) ?? id).join(',') : null;
      }
    }
  }
}
