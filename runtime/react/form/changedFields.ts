import type { EntityDef, FieldDef } from '../../core/schema/types';
import { collectFieldItems } from '../../core/validation';
import type { Row } from '../format/fieldValues';

/** Empty in any spelling is one value: a field cleared to '' and one never set have not changed. */
function comparable(value: unknown): string {
  return value === undefined || value === null || value === '' ? '' : JSON.stringify(value);
}

/**
 * The form's fields whose stored value differs between the record as the form loaded it and
 * as it is now: what someone else changed meanwhile, in the form's order.
 */
export function changedFormFields(entity: EntityDef, loaded: Row, fresh: Row): FieldDef[] {
  const byName = new Map(entity.fields.map((field) => [field.name, field]));
  const names = [...new Set(collectFieldItems(entity.form).map((item) => item.field))];
  return names
    .filter((name) => comparable(loaded[name]) !== comparable(fresh[name]))
    .flatMap((name) => byName.get(name) ?? []);
}
