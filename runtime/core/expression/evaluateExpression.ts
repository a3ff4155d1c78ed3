import { compileExpression } from './compileExpression';

/** One-shot convenience; the compiled form is cached, so repeated calls do not re-parse. */
export function evaluateExpression(source: string, context: Record<string, unknown>): unknown {
  return compileExpression(source).evaluate(context);
}
