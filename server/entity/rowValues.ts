import type { EntityDef, FieldDef } from '../../runtime/core/schema';
import { isJsonStored } from '../db/tableSpecs';

/** Comma-joined id lists (users, departments, attachments, multi references). */
export function splitIds(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return String(value).split(',').map((s) => s.trim()).filter(Boolean);
}

/** Coerced API value → column value. */
export function toColumnValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (isJsonStored(field.type)) return JSON.stringify(value);
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

const FIELDS_BY_NAME = new WeakMap<EntityDef, Map<string, FieldDef>>();

/** An entity's fields by name, built once per schema object (an import converts 100,000 rows). */
function fieldsByName(entity: EntityDef): Map<string, FieldDef> {
  let byName = FIELDS_BY_NAME.get(entity);
  if (!byName) {
    byName = new Map(entity.fields.map((f) => [f.name, f]));
    FIELDS_BY_NAME.set(entity, byName);
  }
  return byName;
}

/** Column value → API value (JSON columns parsed back; a damaged JSON cell reads as null). */
export function fromColumnValue(field: FieldDef, value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null) return null;
  if (isJsonStored(field.type)) {
    try {
      return JSON.parse(String(value));
    } catch {
      return null;
    }
  }
  if ((field.type === 'integer' || field.type === 'switch' || field.type === 'number' || field.type === 'money') && typeof value === 'string') {
    return Number(value);
  }
  return value;
}

export function rowToApi(entity: EntityDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of entity.fields) out[field.name] = fromColumnValue(field, row[field.name]);
  return out;
}

export function valuesToColumns(entity: EntityDef, values: Record<string, unknown>): Record<string, unknown> {
  const byName = fieldsByName(entity);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    if (field) out[name] = toColumnValue(field, value);
  }
  return out;
}
