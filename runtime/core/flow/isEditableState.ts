import type { EntityDef } from '../schema/types';
import { currentState } from './currentState';

/**
 * Whether a record may still be edited or deleted: always without a flow; with one, only in the
 * states `flow.editableIn` lists (by default the initial state). Once a decision is taken the
 * record changes only through transitions. The server refuses; the screens hide the buttons.
 */
export function isEditableState(entity: EntityDef, record: Record<string, unknown>): boolean {
  if (!entity.flow) return true;
  return entity.flow.editableIn.includes(currentState(entity.flow, record));
}
