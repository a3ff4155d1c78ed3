import type { TFunction } from 'i18next';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { ValidationIssue } from '../../runtime/core/validation';
import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { refuseIssues } from './validateInput';
import { splitIds } from './rowValues';

const REFERENCE_TARGET: Partial<Record<FieldDef['type'], string>> = { user: 'User', users: 'User', department: 'Dept', departments: 'Dept' };

/**
 * What only the database can tell: a dictionary value must be one of the dictionary's values,
 * a referenced id must exist, a unique value must be free. Runs after the pure validation of
 * runtime/core, before anything is written.
 */
export async function checkStoredValues(
  ctx: ServerContext, entity: EntityDef, values: Record<string, unknown>, t: TFunction, exceptId?: string,
): Promise<void> {
  const { db } = ctx.database;
  const issues: ValidationIssue[] = [];
  for (const field of entity.fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.type === 'dictionary' && field.dictionary) {
      const dic = systemEntity(ctx, 'Dic');
      const found = await db.selectFrom(`${dic.table} as item`).innerJoin(`${dic.table} as parent`, 'parent.dicId', 'item.parentId')
        .select('item.dicId').where('parent.code', '=', field.dictionary).where('item.value', '=', String(value)).executeTakeFirst();
      if (!found) issues.push({ field: field.name, reason: 'option', message: 'validation.option' });
      continue;
    }
    const targetName = field.type === 'reference' ? field.entity : REFERENCE_TARGET[field.type];
    const target = targetName ? ctx.registry.entities.get(targetName) : undefined;
    if (target) {
      const ids = [...new Set(splitIds(value))];
      if (ids.length === 0) continue;
      const found = await db.selectFrom(target.table).select(target.key).where(target.key, 'in', ids).execute();
      if (found.length !== ids.length) issues.push({ field: field.name, reason: 'option', message: 'validation.unknownReference' });
    }
  }
  for (const field of entity.fields.filter((f) => f.unique)) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    let query = db.selectFrom(entity.table).select(entity.key).where(field.name, '=', value);
    if (exceptId) query = query.where(entity.key, '<>', exceptId);
    if (await query.executeTakeFirst()) issues.push({ field: field.name, reason: 'rule', message: 'validation.unique', params: { value: String(value) } });
  }
  if (issues.length) refuseIssues(entity, issues, t);
}

/**
 * Two requests can both pass the uniqueness check and race to the insert; the unique index
 * then refuses one. That refusal is the same user error, not a server fault.
 */
export function uniqueViolationField(entity: EntityDef, error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; message?: string };
  const isUnique = e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!isUnique) return undefined;
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  return entity.fields.find((f) => f.unique && (text.includes(`_${f.name}`) || text.includes(`.${f.name}`)))?.name ?? entity.key;
}

export function refuseUniqueViolation(entity: EntityDef, field: string, values: Record<string, unknown>, t: TFunction): never {
  return refuseIssues(entity, [{ field, reason: 'rule', message: 'validation.unique', params: { value: String(values[field] ?? '') } }], t);
}
