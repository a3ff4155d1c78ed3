import type { EntityDef } from '../schema/types';
import { collectFieldItems } from './collectFieldItems';
import { evaluateCondition } from './evaluateCondition';

/** Fields whose form item is hidden for these values: not validated, and not trusted from a request. */
export function hiddenFieldNames(entity: EntityDef, values: Record<string, unknown>): Set<string> {
  const hidden = new Set<string>();
  for (const item of collectFieldItems(entity.form)) {
    if (evaluateCondition(item.hiddenWhen, values)) hidden.add(item.field);
  }
  return hidden;
}
