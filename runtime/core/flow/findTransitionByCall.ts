import type { EntityDef, FlowTransition } from '../schema/types';

/** Maps a call name (`approveOfficeVehicleApply`) back to the transition it takes. */
export function findTransitionByCall(entity: EntityDef, call: string): FlowTransition | undefined {
  return entity.flow?.transitions.find((t) => t.call === call);
}
