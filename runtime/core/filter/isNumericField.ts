import type { FieldDef } from '../schema/types';

export function isNumericField(field: Pick<FieldDef, 'type'>): boolean {
  return field.type === 'integer' || field.type === 'number' || field.type === 'money';
}
