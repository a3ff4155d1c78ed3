import { compileExpression, ExpressionError } from '../../runtime/core/expression';
import { EXPRESSION_HELPERS } from '../../runtime/core/expression/expressionHelpers';

/**
 * The property panel's live check of an expression (hiddenWhen, requiredWhen, a rule, a guard):
 * the suite's own evaluator compiles it — never evaluates it — and every name it reads must be a
 * field key, the same two tests the load's consistency check makes (checkEntityConsistency), so
 * what the designer accepts the server loads.
 */
export const EXPRESSION_CHECK_CODES = ['designer.error.expressionInvalid', 'designer.error.expressionUnknownNames'] as const;

export type ExpressionCheck =
  | { ok: true }
  | {
    ok: false;
    /** The evaluator's own words (English), or the unknown names. */
    message: string;
    /** i18n key of the problem: `designer.error.expressionInvalid` or `designer.error.expressionUnknownNames`. */
    code: (typeof EXPRESSION_CHECK_CODES)[number];
    /** What the message interpolates: `{ names }` or `{ reason }`. */
    detail: Record<string, string>;
    names?: string[];
  };

export function checkExpression(source: string, fieldKeys: readonly string[]): ExpressionCheck {
  let identifiers: string[];
  try {
    identifiers = compileExpression(source).identifiers;
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    return { ok: false, message: error.message, code: 'designer.error.expressionInvalid', detail: { reason: error.message } };
  }
  const known = new Set(fieldKeys);
  const names = identifiers.filter((name) => !known.has(name));
  if (names.length === 0) return { ok: true };
  const list = names.join(', ');
  return { ok: false, message: `not a field of this form: ${list}`, code: 'designer.error.expressionUnknownNames', detail: { names: list }, names };
}

/** The helper functions an expression may call (runtime/core/expression/expressionHelpers.ts). */
export const EXPRESSION_HELPER_NAMES: readonly string[] = [...EXPRESSION_HELPERS.keys()];

export interface ExpressionCompletion {
  label: string;
  kind: 'field' | 'helper';
  detail?: string;
  insertText?: string;
}

/** What the expression editor offers: the field keys, then the helpers (inserted with their parenthesis). */
export function expressionCompletions(fieldKeys: readonly string[]): ExpressionCompletion[] {
  return [
    ...fieldKeys.map((key): ExpressionCompletion => ({ label: key, kind: 'field' })),
    ...EXPRESSION_HELPER_NAMES.map((name): ExpressionCompletion => ({ label: name, kind: 'helper', insertText: `${name}(` })),
  ];
}
