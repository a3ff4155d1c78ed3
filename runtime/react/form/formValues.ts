import type { EntityDef, FieldDef } from '../../core/schema/types';
import { parseLocation, parseRange, type Row } from '../format/fieldValues';

/** Between a stored row (get{E}ById) and the form's values, in both directions. */

function isWritable(field: FieldDef): boolean {
  return field.system !== true && field.readOnly !== true && field.type !== 'status';
}

function parsedRows(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return [];
  }
}

/**
 * The row as form values. Ranges, locations and sub-tables may arrive as text (a row read from
 * form-data storage); the controls need arrays and objects. Everything else, `{field}Name`
 * included (the selects show those names), passes through.
 */
export function toFormValues(entity: EntityDef, row: Row): Row {
  const values: Row = { ...row };
  for (const field of entity.fields) {
    const value = row[field.name];
    if (value === undefined || value === null) continue;
    if (field.type === 'dateRange' || field.type === 'datetimeRange') values[field.name] = parseRange(value) ?? undefined;
    else if (field.type === 'location') values[field.name] = parseLocation(value) ?? undefined;
    else if (field.type === 'subTable') values[field.name] = parsedRows(value);
  }
  return values;
}

function subTableText(field: FieldDef, rows: unknown): string | null {
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const names = (field.fields ?? []).filter(isWritable).map((child) => child.name);
  return JSON.stringify(rows.map((row: Row) => Object.fromEntries(names.map((name) => [name, row[name] ?? null]))));
}

/**
 * What insert/update send: every writable field the user can see, a cleared one as null (so an
 * update clears it), hidden ones not at all (the server does not trust them). A sub-table goes
 * as one JSON text: form-data would otherwise split the rows into `name[]` entries.
 */
export function toSubmitValues(entity: EntityDef, values: Row, isShown: (fieldName: string) => boolean): Row {
  const submitted: Row = {};
  for (const field of entity.fields) {
    if (!isWritable(field) || !isShown(field.name)) continue;
    const value = values[field.name];
    submitted[field.name] = field.type === 'subTable' ? subTableText(field, value) : value ?? null;
  }
  return submitted;
}
