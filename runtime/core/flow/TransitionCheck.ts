import type { FlowTransition } from '../schema/types';

export type TransitionRefusal = 'noFlow' | 'unknownTransition' | 'wrongState' | 'roleNotAllowed' | 'guardRefused';

/** `message` is an i18n key: 'flow.<reason>', or the transition's own guardMessage. */
export type TransitionCheck =
  | { ok: true; transition: FlowTransition; to: string }
  | { ok: false; reason: TransitionRefusal; message: string };
