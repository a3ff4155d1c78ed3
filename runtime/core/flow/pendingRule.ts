import type { EntityDef, FlowTransition } from '../schema/types';
import type { FlowActor } from './FlowActor';
import { guardNeedsInput } from './guardNeedsInput';

/**
 * Where a user's pending work lies in one flow entity, by the rules `checkTransition` applies:
 * a transition the actor may take by role (or one open to every role) waits on every record in
 * its `from` states that the actor's data scope reaches; an owner transition the actor may take
 * only as the owner waits on the actor's own records alone.
 */
export interface PendingRule {
  /** States in which records of the actor's data scope wait for the actor. */
  scopedStates: string[];
  /** States in which only the actor's own records (the owner field) wait for the actor. */
  ownStates: string[];
  /**
   * Some of these transitions have a guard decided by the stored record alone: a record in the
   * right state is pending only if `availableTransitions` still offers the actor a transition.
   */
  judgeEachRecord: boolean;
}

/**
 * `mayCall` says whether the actor holds the transition's permission (the server's rule, which
 * core does not know). Undefined when nothing in this entity can wait for the actor.
 */
export function pendingRule(entity: EntityDef, actor: FlowActor, mayCall: (transition: FlowTransition) => boolean): PendingRule | undefined {
  const flow = entity.flow;
  if (!flow) return undefined;
  const scoped = new Set<string>();
  const own = new Set<string>();
  let judgeEachRecord = false;
  let any = false;
  for (const transition of flow.transitions) {
    if (transition.pending === false || !mayCall(transition)) continue;
    // Same rule as isActorAllowed: no roles opens it to all, unless it is the owner's alone.
    const byRole = transition.roles.length === 0 ? transition.owner !== true : transition.roles.some((role) => actor.roles.includes(role));
    if (!byRole && transition.owner !== true) continue;
    transition.from.forEach((state) => (byRole ? scoped : own).add(state));
    any = true;
    if (transition.guard !== undefined && transition.guard.trim() !== '' && !guardNeedsInput(transition)) judgeEachRecord = true;
  }
  if (!any) return undefined;
  return { scopedStates: [...scoped], ownStates: [...own], judgeEachRecord };
}
