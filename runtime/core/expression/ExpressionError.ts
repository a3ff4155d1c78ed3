export type ExpressionErrorCode = 'tooLong' | 'tooDeep' | 'syntax' | 'forbidden' | 'unsupported' | 'badContext';

/**
 * The only error the evaluator lets out, so callers (Formily's compiler hook, the server's rule
 * checks, flow guards) can tell a refused expression from a bug with a single `instanceof`.
 */
export class ExpressionError extends Error {
  constructor(public code: ExpressionErrorCode, message: string) {
    super(message);
    this.name = 'ExpressionError';
  }
}
