import type { TFunction } from 'i18next';
import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { ValidationIssue } from '../../runtime/core/validation';
import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { refuseIssues } from './validateInput';
import { splitIds } from './rowValues';
import type { Principal } from '../auth/Principal';
import { fieldAttachmentIds, fileFields, linkedAttachmentIds } from '../files/attachmentLinks';
import { readableAttachments } from '../files/attachmentAccess';
import { isUniqueViolation } from '../db/uniqueViolation';

const REFERENCE_TARGET: Partial<Record<FieldDef['type'], string>> = { user: 'User', users: 'User', department: 'Dept', departments: 'Dept' };

/**
 * A file field may only take files the writer can read (their uploads, or files of records they
 * read): otherwise naming an attachId would make someone else's file readable through one's own
 * record. Files the record already holds stay without a new check.
 */
async function fileIssues(
  ctx: ServerContext, entity: EntityDef, values: Record<string, unknown>, principal: Principal, recordId?: string,
): Promise<ValidationIssue[]> {
  const fields = fileFields(entity).filter((f) => fieldAttachmentIds(f, values[f.name]).length > 0);
  if (fields.length === 0) return [];
  const kept = recordId ? await linkedAttachmentIds(ctx.database.db, entity, recordId) : new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const field of fields) {
    const added = [...new Set(fieldAttachmentIds(field, values[field.name]))].filter((id) => !kept.has(id));
    if (added.length === 0) continue;
    const rows = await ctx.database.db.selectFrom('sys_attach').select(['attachId', 'createUser']).where('attachId', 'in', added).execute();
    const readable = await readableAttachments(ctx, principal, rows);
    if (added.some((id) => !readable.has(id))) issues.push({ field: field.name, reason: 'option', message: 'validation.unknownAttachment' });
  }
  return issues;
}

/**
 * A sub-table's cells are checked as the record's own fields are (an unknown user in a row is as
 * wrong as one at the top): one query per column over all rows, each bad cell named by its path
 * (`riders.0.rider`, which the refusal words as 乘车人员 第1行 乘车人).
 */
async function subTableIssues(ctx: ServerContext, table: FieldDef, rows: Record<string, unknown>[]): Promise<ValidationIssue[]> {
  const { db } = ctx.database;
  const issues: ValidationIssue[] = [];
  for (const cell of table.fields ?? []) {
    const filled = rows.map((row, index) => ({ index, value: row?.[cell.name] }))
      .filter(({ value }) => value !== undefined && value !== null && value !== '');
    if (filled.length === 0) continue;
    if (cell.type === 'dictionary' && cell.dictionary) {
      const dic = systemEntity(ctx, 'Dic');
      const found = await db.selectFrom(`${dic.table} as item`).innerJoin(`${dic.table} as parent`, 'parent.dicId', 'item.parentId')
        .select('item.value').where('parent.code', '=', cell.dictionary).where('item.value', 'in', filled.map(({ value }) => String(value))).execute();
      const known = new Set(found.map((r) => String(r.value)));
      for (const { index, value } of filled) {
        if (!known.has(String(value))) issues.push({ field: `${table.name}.${index}.${cell.name}`, reason: 'option', message: 'validation.option' });
      }
      continue;
    }
    const targetName = cell.type === 'reference' ? cell.entity : REFERENCE_TARGET[cell.type];
    const target = targetName ? ctx.registry.entities.get(targetName) : undefined;
    if (!target) continue;
    const ids = [...new Set(filled.flatMap(({ value }) => splitIds(value)))];
    const found = await db.selectFrom(target.table).select(target.key).where(target.key, 'in', ids).execute();
    const known = new Set(found.map((r) => String(r[target.key])));
    for (const { index, value } of filled) {
      if (splitIds(value).some((id) => !known.has(id))) {
        issues.push({ field: `${table.name}.${index}.${cell.name}`, reason: 'option', message: 'validation.unknownReference' });
      }
    }
  }
  return issues;
}

/**
 * What only the database can tell: a dictionary value must be one of the dictionary's values,
 * a referenced id must exist (in sub-table rows too), a unique value must be free, a file must be the writer's to use
 * (when the writer is named). Runs after the pure validation of runtime/core, before anything
 * is written.
 */
export async function checkStoredValues(
  ctx: ServerContext, entity: EntityDef, values: Record<string, unknown>, t: TFunction, exceptId?: string, principal?: Principal,
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
  for (const field of entity.fields.filter((f) => f.type === 'subTable')) {
    const rows = values[field.name];
    if (Array.isArray(rows)) issues.push(...(await subTableIssues(ctx, field, rows as Record<string, unknown>[])));
  }
  for (const field of entity.fields.filter((f) => f.unique)) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    let query = db.selectFrom(entity.table).select(entity.key).where(field.name, '=', value);
    if (exceptId) query = query.where(entity.key, '<>', exceptId);
    if (await query.executeTakeFirst()) issues.push({ field: field.name, reason: 'rule', message: 'validation.unique', params: { value: String(value) } });
  }
  if (principal) issues.push(...(await fileIssues(ctx, entity, values, principal, exceptId)));
  if (issues.length) refuseIssues(entity, issues, t);
}

/**
 * Two requests can both pass the uniqueness check and race to the insert; the unique index
 * then refuses one. That refusal is the same user error, not a server fault.
 */
export function uniqueViolationField(entity: EntityDef, error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (!isUniqueViolation(error)) return undefined;
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  return entity.fields.find((f) => f.unique && (text.includes(`_${f.name}`) || text.includes(`.${f.name}`)))?.name ?? entity.key;
}

export function refuseUniqueViolation(entity: EntityDef, field: string, values: Record<string, unknown>, t: TFunction): never {
  return refuseIssues(entity, [{ field, reason: 'rule', message: 'validation.unique', params: { value: String(values[field] ?? '') } }], t);
}
