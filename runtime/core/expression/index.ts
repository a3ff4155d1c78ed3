/**
 * The one safe expression evaluator, shared by the browser (Formily's compiler) and the server
 * (required/hidden expressions, rules, flow guards). No eval, no Function: jsep parses, and a
 * small interpreter walks the tree over plain data only.
 */
export { ExpressionError } from './ExpressionError';
export type { ExpressionErrorCode } from './ExpressionError';
export { compileExpression } from './compileExpression';
export type { CompiledExpression } from './compileExpression';
export { evaluateExpression } from './evaluateExpression';
export { isTruthy } from './isTruthy';
export { EXPRESSION_LIMITS } from './expressionLimits';
export { roundTo } from './roundTo';
export { isPlainObject } from './plainData';
export { inputsRequiredBy } from './inputsRequiredBy';
