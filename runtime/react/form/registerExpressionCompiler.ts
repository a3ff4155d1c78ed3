import { registerValidateRules } from '@formily/core';
import { Schema } from '@formily/react';
import { compileExpression, isTruthy } from '../../core/expression';
import { expressionContextOf } from './plainFormValues';

/**
 * Formily evaluates `{{ … }}` in schemas with `new Function` by default; DESIGN.md §4 forbids
 * that. This swaps in the one safe evaluator of runtime/core, which sees a plain-data copy of
 * the form values and nothing else (no $self, no functions), so hidden/required expressions
 * behave exactly as they do on the server. Field rules use the same evaluator through a
 * validator named `expression`.
 *
 * This module imports nothing from src/: the designer's preview registers it too.
 */

interface CompilerScope {
  $form?: { values?: unknown };
}

interface ExpressionRuleContext {
  field?: { path?: { segments?: (string | number)[] } };
  form?: { values?: unknown; getValuesIn?(pattern: (string | number)[]): unknown };
}

let registered = false;

export function evaluateFormExpression(expression: string, scope: unknown): unknown {
  const values = (scope as CompilerScope | undefined)?.$form?.values;
  const compiled = compileExpression(expression);
  return compiled.evaluate(expressionContextOf(values, compiled.identifiers));
}

/**
 * The record a field rule reads: the whole form for a top-level field, the child row for a
 * sub-table cell (its rule is written over the row's own fields).
 */
function ruleContext(context: ExpressionRuleContext, names: readonly string[]): Record<string, unknown> {
  const segments = context.field?.path?.segments ?? [];
  const form = context.form;
  if (segments.length > 1 && form?.getValuesIn) return expressionContextOf(form.getValuesIn(segments.slice(0, -1)), names);
  return expressionContextOf(form?.values, names);
}

export function registerExpressionCompiler(): void {
  if (registered) return;
  registered = true;
  Schema.registerCompiler(evaluateFormExpression);
  registerValidateRules({
    expression(value, rule, context) {
      // Like Formily's own rules, an empty value is left to `required`.
      if (value === undefined || value === null || value === '') return '';
      const source = (rule as { expression?: unknown }).expression;
      if (typeof source !== 'string') return '';
      const compiled = compileExpression(source);
      return isTruthy(compiled.evaluate(ruleContext(context as ExpressionRuleContext, compiled.identifiers))) ? '' : rule.message ?? '';
    },
  });
}
