import type { Db } from '../db/connect';
import type { ServerContext } from '../context';
import type { Principal } from '../auth/Principal';

export interface EffectInput {
  ctx: ServerContext;
  /** The transition's transaction: the effect commits or rolls back with the state change. */
  trx: Db;
  /** The record as it was before the transition. */
  row: Record<string, unknown>;
  principal: Principal;
  ip: string;
}

/** What a flow transition does besides moving the state, named in the schema (`transition.effect`). */
export type TransitionEffect = (input: EffectInput) => Promise<void>;

const effects = new Map<string, TransitionEffect>();

/** Registered by the server's own areas and by modules (server/modules/<module>/index.ts) before the schemas load. */
export function registerTransitionEffect(name: string, effect: TransitionEffect): void {
  effects.set(name, effect);
}

export function transitionEffect(name: string): TransitionEffect | undefined {
  return effects.get(name);
}

/** Names the schemas may give a transition's `effect`; the load refuses any other (file and JSON pointer). */
export function transitionEffectNames(): ReadonlySet<string> {
  return new Set(effects.keys());
}
