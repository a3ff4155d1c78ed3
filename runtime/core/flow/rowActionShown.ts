import type { RowActionDef } from '../schema/types';
import { evaluateCondition } from '../validation/evaluateCondition';

/** Whether a named action is offered on this record: always, unless its `visibleWhen` says otherwise. */
export function rowActionShown(action: RowActionDef, record: Record<string, unknown>): boolean {
  return action.visibleWhen === undefined || evaluateCondition(action.visibleWhen, record);
}
