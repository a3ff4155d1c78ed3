import { compileExpression, ExpressionError, isTruthy } from '../expression';

/**
 * hiddenWhen / requiredWhen: an expression that cannot be evaluated counts as false, so the
 * item falls back to its static definition (shown; required only if the field says so).
 */
export function evaluateCondition(source: string | undefined, context: Record<string, unknown>): boolean {
  if (source === undefined || source.trim() === '') return false;
  try {
    return isTruthy(compileExpression(source).evaluate(context));
  } catch (error) {
    if (error instanceof ExpressionError) return false;
    throw error;
  }
}
