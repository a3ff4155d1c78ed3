import type { EntityDef } from '../schema/types';
import { currentState } from './currentState';
import { isOpenRecord } from '../bpm/bindingStatus';

/**
 * Whether a record may still be edited or deleted: always without a flow; with one, only in the
 * states `flow.editableIn` lists (by default the initial state). Once a decision is taken the
 * record changes only through transitions. The server refuses; the screens hide the buttons.
 */
export function isEditableState(entity: EntityDef, record: Record<string, unknown>): boolean {
  // A record bound to a process is its author's while a draft or sent back, closed while its request
  // runs and once approved (docs/WORKFLOW.md › Binding).
  if (entity.workflow) return isOpenRecord(entity.workflow, record);
  if (!entity.flow) return true;
  return entity.flow.editableIn.includes(currentState(entity.flow, record));
}
