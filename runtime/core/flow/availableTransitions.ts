import type { EntityDef, FlowTransition } from '../schema/types';
import { guardPasses, isActorAllowed } from './checkTransition';
import { currentState } from './currentState';
import type { FlowActor } from './FlowActor';
import { guardNeedsInput } from './guardNeedsInput';

/**
 * The transitions whose buttons the details page shows: right state and right actor, and a guard
 * that already passes on the stored record. Guards over input are left to `checkTransition`
 * when the transition is actually taken. A transition only the module's own call takes
 * (`moduleCall`) has no generic button: its own screen or named action offers it.
 */
export function availableTransitions(entity: EntityDef, record: Record<string, unknown>, actor: FlowActor): FlowTransition[] {
  const flow = entity.flow;
  if (!flow) return [];
  const state = currentState(flow, record);
  return flow.transitions.filter((transition) => !transition.moduleCall && transition.from.includes(state)
    && isActorAllowed(entity, record, actor, transition)
    && (guardNeedsInput(transition) || guardPasses(transition, record, {})));
}
