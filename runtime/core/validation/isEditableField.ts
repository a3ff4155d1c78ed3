import type { FieldDef } from '../schema/types';

/** System and read-only fields are the server's to fill; a request never sets them. */
export function isEditableField(field: FieldDef): boolean {
  return field.system !== true && field.readOnly !== true;
}
