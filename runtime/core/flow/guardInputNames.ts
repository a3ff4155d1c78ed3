import type { FlowTransition } from '../schema/types';

/**
 * Names the caller may supply while taking a transition. Only these may overlay the stored
 * record in the guard's context: otherwise a request could send `amount: 0` and pass a guard
 * like `amount < 5000` that the stored record fails.
 */
export function guardInputNames(transition: FlowTransition): Set<string> {
  return new Set(['opinion', ...(transition.fields ?? [])]);
}
