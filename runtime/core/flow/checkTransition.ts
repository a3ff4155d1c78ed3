import { compileExpression, ExpressionError, isTruthy } from '../expression';
import type { EntityDef, FlowTransition } from '../schema/types';
import { currentState } from './currentState';
import type { FlowActor } from './FlowActor';
import { guardInputNames } from './guardInputNames';
import { ownerOf } from './ownerOf';
import type { TransitionCheck, TransitionRefusal } from './TransitionCheck';

const refuse = (reason: TransitionRefusal, message = `flow.${reason}`): TransitionCheck => ({ ok: false, reason, message });

export function sameId(a: unknown, b: unknown): boolean {
  // Ids may come back from the database as numbers while the session holds strings.
  if (a === null || a === undefined || a === '' || b === null || b === undefined || b === '') return false;
  return String(a) === String(b);
}

/**
 * Who may take a transition: with `owner: true`, the record's owner; with roles, holders of one
 * of them; with both, either (owner or role); with neither, anyone holding its permission in
 * scope. So `owner: true` alone means the owner only — 撤回 is the applicant's, not every
 * colleague's who may submit. No role (not even 'admin') bypasses this: a dispatcher's approval
 * is the dispatcher's to give.
 */
export function isActorAllowed(entity: EntityDef, record: Record<string, unknown>, actor: FlowActor, transition: FlowTransition): boolean {
  if (transition.owner === true && sameId(ownerOf(entity, record), actor.userId)) return true;
  if (transition.roles.length === 0) return transition.owner !== true;
  return transition.roles.some((role) => actor.roles.includes(role));
}

/** Whether the guard passes; a guard that cannot be evaluated refuses, never lets through. */
export function guardPasses(transition: FlowTransition, record: Record<string, unknown>, input: Record<string, unknown>): boolean {
  if (transition.guard === undefined || transition.guard.trim() === '') return true;
  const allowed = guardInputNames(transition);
  const overlay = Object.fromEntries(Object.entries(input).filter(([name]) => allowed.has(name)));
  try {
    return isTruthy(compileExpression(transition.guard).evaluate({ ...record, ...overlay }));
  } catch (error) {
    if (error instanceof ExpressionError) return false;
    throw error;
  }
}

/**
 * Whether `actor` may take `transitionName` on `record` now. Reasons are checked in the order a
 * user would want them explained: does the thing exist, is the record in a state that allows it,
 * may this person do it, do the data allow it.
 */
export function checkTransition(
  entity: EntityDef,
  record: Record<string, unknown>,
  actor: FlowActor,
  transitionName: string,
  input: Record<string, unknown> = {},
): TransitionCheck {
  const flow = entity.flow;
  if (!flow) return refuse('noFlow');
  const transition = flow.transitions.find((t) => t.name === transitionName);
  if (!transition) return refuse('unknownTransition');
  if (!transition.from.includes(currentState(flow, record))) return refuse('wrongState');
  if (!isActorAllowed(entity, record, actor, transition)) return refuse('roleNotAllowed');
  if (!guardPasses(transition, record, input)) return refuse('guardRefused', transition.guardMessage ?? 'flow.guardRefused');
  return { ok: true, transition, to: transition.to };
}
