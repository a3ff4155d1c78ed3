import type { FieldDef } from '../../../runtime/core/schema';

const indexes = new WeakMap<readonly FieldDef[], Map<string, FieldDef>>();

/** name → definition, built once per fields array (every change of a field answers a new array). */
export function fieldsByName(fields: readonly FieldDef[]): Map<string, FieldDef> {
  let index = indexes.get(fields);
  if (!index) {
    index = new Map(fields.map((field) => [field.name, field]));
    indexes.set(fields, index);
  }
  return index;
}

/** A field's label key: its own, or the one the load gives a field without (runtime/core/schema/normaliseEntity.ts). */
export function fieldLabelKey(entityName: string, field: FieldDef): string {
  return field.label ?? `entity.${entityName}.field.${field.name}`;
}
