import type { EntityDef } from '../../core/schema/types';
import type { Translate } from '../format/Translate';

/** A column's heading: its own label, else its field's label, else the bare prop. */
export function columnTitle(entity: EntityDef, prop: string, translate: Translate): string {
  const column = entity.list.columns.find((candidate) => candidate.prop === prop);
  const label = column?.label ?? entity.fields.find((field) => field.name === prop)?.label;
  return label ? translate(label) : prop;
}
