import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import type { ValidationIssue } from '../../runtime/core/validation';
import { systemEntity, type ServerContext } from '../context';
import { splitIds } from './rowValues';
import { eventLoopPacer } from './eventLoopPacer';

const REFERENCE_TARGET: Partial<Record<FieldDef['type'], string>> = { user: 'User', users: 'User', department: 'Dept', departments: 'Dept' };

/** Values per IN list: far below both databases' parameter limits, and each query stays short. */
const IN_CHUNK = 1000;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Which of these values the column holds, asked in chunks (one query per chunk, not per row). */
async function storedValues(ctx: ServerContext, table: string, column: string, values: Iterable<string>): Promise<Set<string>> {
  const all = [...new Set(values)];
  const found = new Set<string>();
  for (let at = 0; at < all.length; at += IN_CHUNK) {
    const rows = await ctx.database.db.selectFrom(table).select(column).where(column, 'in', all.slice(at, at + IN_CHUNK)).execute();
    for (const row of rows) found.add(String(row[column]));
  }
  return found;
}

/**
 * What earlier slices of the same file learnt (server/entity/importCall.ts checks a file a slice
 * at a time): each dictionary's values, and the referenced ids found to exist, so a slice asks
 * only for ids no earlier slice found. What was missing is asked again (the rare refused row).
 */
export interface StoredChecksMemo { dictionaries: Map<string, Set<string>>; existing: Map<string, Set<string>> }

export const newStoredChecksMemo = (): StoredChecksMemo => ({ dictionaries: new Map(), existing: new Map() });

/**
 * checkStoredValues (server/entity/checkStoredValues.ts) for many rows at once (a slice of a
 * file), with the same rules and messages: a dictionary value must be one of the dictionary's
 * values, every referenced id must exist, a unique value must not be stored already. One query
 * per dictionary and file, per referenced entity and chunk of ids no earlier slice found, per
 * unique field and chunk of distinct values — not one per row. File fields,
 * which a cell cannot carry, are left to the caller. Answers the issues by row index.
 */
export async function storedValueIssues(
  ctx: ServerContext, entity: EntityDef, rows: Record<string, unknown>[], memo: StoredChecksMemo,
): Promise<Map<number, ValidationIssue[]>> {
  const { db } = ctx.database;
  const pace = eventLoopPacer();
  const knownByField = new Map<string, Set<string>>();
  for (const field of entity.fields) {
    const present = rows.filter((row) => !isEmpty(row[field.name]));
    if (present.length === 0) continue;
    if (field.type === 'dictionary' && field.dictionary) {
      let values = memo.dictionaries.get(field.dictionary);
      if (!values) {
        const dic = systemEntity(ctx, 'Dic');
        const items = await db.selectFrom(`${dic.table} as item`).innerJoin(`${dic.table} as parent`, 'parent.dicId', 'item.parentId')
          .select('item.value').where('parent.code', '=', field.dictionary).execute();
        values = new Set(items.map((i) => String(i.value)));
        memo.dictionaries.set(field.dictionary, values);
      }
      knownByField.set(field.name, values);
      continue;
    }
    const targetName = field.type === 'reference' ? field.entity : REFERENCE_TARGET[field.type];
    const target = targetName ? ctx.registry.entities.get(targetName) : undefined;
    if (!target) continue;
    const existing = memo.existing.get(target.table) ?? new Set<string>();
    memo.existing.set(target.table, existing);
    const unknown = present.flatMap((row) => splitIds(row[field.name])).filter((id) => !existing.has(id));
    for (const id of await storedValues(ctx, target.table, target.key, unknown)) existing.add(id);
    knownByField.set(field.name, existing);
  }
  const takenByField = new Map<string, Set<string>>();
  for (const field of entity.fields.filter((f) => f.unique)) {
    const values = rows.map((row) => row[field.name]).filter((value) => !isEmpty(value)).map(String);
    if (values.length) takenByField.set(field.name, await storedValues(ctx, entity.table, field.name, values));
  }

  const issuesByRow = new Map<number, ValidationIssue[]>();
  for (const [index, row] of rows.entries()) {
    const issues: ValidationIssue[] = [];
    for (const field of entity.fields) {
      const known = knownByField.get(field.name);
      const value = row[field.name];
      if (!known || isEmpty(value)) continue;
      if (field.type === 'dictionary') {
        if (!known.has(String(value))) issues.push({ field: field.name, reason: 'option', message: 'validation.option' });
      } else if (splitIds(value).some((id) => !known.has(id))) {
        issues.push({ field: field.name, reason: 'option', message: 'validation.unknownReference' });
      }
    }
    for (const [name, taken] of takenByField) {
      const value = row[name];
      if (!isEmpty(value) && taken.has(String(value))) issues.push({ field: name, reason: 'rule', message: 'validation.unique', params: { value: String(value) } });
    }
    if (issues.length) issuesByRow.set(index, issues);
    await pace();
  }
  return issuesByRow;
}
