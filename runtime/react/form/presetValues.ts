import type { EntityDef, FieldType } from '../../core/schema/types';
import { collectFieldItems } from '../../core/validation';
import type { Row } from '../format/fieldValues';

/** Fields a link may start a new record with: plain values one text carries. */
const PRESET_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'string', 'text', 'integer', 'number', 'money', 'date', 'datetime', 'time',
  'dictionary', 'options', 'user', 'users', 'department', 'departments', 'reference', 'tags',
]);
/** Fields whose id a select shows by the `{field}Name` beside it. */
const NAMED_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['user', 'users', 'department', 'departments', 'reference']);
const NUMBER_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['integer', 'number', 'money']);

/**
 * A new record's starting values from a link's query (`/office/meeting/save?room=…&roomName=…&
 * startTime=…`): the occupancy view books a free slot, a diary's 点评 names the diary. Only the
 * form's own writable fields of plain types are taken, with the `{field}Name` of a user,
 * department or reference so its select shows the name; numbers must read as numbers. It is a
 * starting point the user sees and may change: the server judges the submitted record as any other.
 */
export function presetValues(entity: EntityDef, query: URLSearchParams): Row {
  const values: Row = {};
  const inForm = new Set(collectFieldItems(entity.form).map((item) => item.field));
  for (const field of entity.fields) {
    if (!inForm.has(field.name) || field.system || field.readOnly || !PRESET_TYPES.has(field.type)) continue;
    const value = query.get(field.name);
    if (value === null || value === '') continue;
    if (NUMBER_TYPES.has(field.type)) {
      const number = Number(value);
      if (Number.isFinite(number)) values[field.name] = number;
      continue;
    }
    values[field.name] = value;
    const name = query.get(`${field.name}Name`);
    if (NAMED_TYPES.has(field.type) && name) values[`${field.name}Name`] = name;
  }
  return values;
}
