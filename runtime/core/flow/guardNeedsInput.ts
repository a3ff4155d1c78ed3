import { compileExpression, ExpressionError } from '../expression';
import type { FlowTransition } from '../schema/types';
import { guardInputNames } from './guardInputNames';

/** A guard that reads what the caller types (e.g. `len(opinion) > 0`) cannot be judged before the button is pressed. */
export function guardNeedsInput(transition: FlowTransition): boolean {
  if (transition.guard === undefined || transition.guard.trim() === '') return false;
  const inputs = guardInputNames(transition);
  try {
    return compileExpression(transition.guard).identifiers.some((name) => inputs.has(name));
  } catch (error) {
    if (error instanceof ExpressionError) return false;
    throw error;
  }
}
