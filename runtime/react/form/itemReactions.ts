import type { SchemaReaction } from '@formily/react';
import { compileExpression, ExpressionError } from '../../core/expression';
import type { FormFieldNode } from '../../core/schema/types';

function identifiersOf(item: FormFieldNode, which: 'hiddenWhen' | 'requiredWhen' | 'disabledWhen', source: string): string[] {
  try {
    return compileExpression(source).identifiers;
  } catch (error) {
    if (error instanceof ExpressionError) throw new ExpressionError(error.code, `${which} of form item "${item.field}": ${error.message}`);
    throw error;
  }
}

/**
 * An item's hide/require/disable expressions as one Formily reaction. The `{{ }}` strings are evaluated
 * by the compiler `registerExpressionCompiler` installs (the safe evaluator), never by Formily's
 * own. `required` is forced to a boolean because Formily only enforces `required === true`.
 */
export function itemReactions(item: FormFieldNode): SchemaReaction | undefined {
  const state: Record<string, string> = {};
  const dependencies = new Set<string>();
  if (item.hiddenWhen) {
    identifiersOf(item, 'hiddenWhen', item.hiddenWhen).forEach((name) => dependencies.add(name));
    state.visible = `{{!(${item.hiddenWhen})}}`;
  }
  if (item.requiredWhen) {
    identifiersOf(item, 'requiredWhen', item.requiredWhen).forEach((name) => dependencies.add(name));
    state.required = `{{!!(${item.requiredWhen})}}`;
  }
  // An item disabled outright stays so: the reaction would make it editable whenever the expression is false.
  if (item.disabledWhen && !item.disabled) {
    identifiersOf(item, 'disabledWhen', item.disabledWhen).forEach((name) => dependencies.add(name));
    state.disabled = `{{!!(${item.disabledWhen})}}`;
  }
  if (Object.keys(state).length === 0) return undefined;
  return { dependencies: [...dependencies], fulfill: { state } };
}
