import { CONDITION_CONTEXT_NAMES } from '../../../../runtime/core/bpm';
import { compileExpression, ExpressionError } from '../../../../runtime/core/expression';

/**
 * A condition as the engine will read it, checked while it is typed: it must compile in the one
 * safe evaluator and read only form fields and `initiator` (the same rule validateDefinition
 * applies at publish). Answers the i18n key and parameters of the first problem, or undefined.
 */
export function checkCondition(source: string, formFields: readonly string[]): { key: string; params: Record<string, string> } | undefined {
  if (source.trim() === '') return { key: 'bpm.designer.condition.empty', params: {} };
  const known = new Set<string>([...formFields, ...CONDITION_CONTEXT_NAMES]);
  try {
    const unknown = compileExpression(source).identifiers.filter((name) => !known.has(name));
    return unknown.length > 0 ? { key: 'bpm.designer.condition.unknownName', params: { names: unknown.join(', ') } } : undefined;
  } catch (error) {
    if (error instanceof ExpressionError) return { key: 'bpm.designer.condition.invalid', params: { detail: error.message } };
    throw error;
  }
}
