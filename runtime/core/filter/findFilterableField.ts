import type { EntityDef, FieldDef } from '../schema/types';

/**
 * Every entity table carries these columns, even when the entity document does not declare them
 * (normaliseEntity adds them, but hand-built definitions in tests and tools may not).
 */
const SYSTEM_FILTER_FIELDS: readonly FieldDef[] = [
  { name: 'createUser', type: 'user', label: 'common.field.createUser', system: true },
  { name: 'createDept', type: 'department', label: 'common.field.createDept', system: true },
  { name: 'createTime', type: 'datetime', label: 'common.field.createTime', system: true },
  { name: 'updateTime', type: 'datetime', label: 'common.field.updateTime', system: true },
];

export function findFilterableField(entity: EntityDef, name: string): FieldDef | undefined {
  return entity.fields.find((f) => f.name === name) ?? SYSTEM_FILTER_FIELDS.find((f) => f.name === name);
}
