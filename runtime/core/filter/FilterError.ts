export type FilterErrorReason = 'unknownField' | 'badOperator' | 'badValue' | 'badShape' | 'tooManyValues';

/**
 * A filter the request cannot mean. `message` is an i18n key ('filter.badValue'…) the server
 * interpolates with `{field}` and `params`; `field` is '' when the filter object as a whole is malformed.
 */
export class FilterError extends Error {
  constructor(public field: string, public reason: FilterErrorReason, message: string, public params: Record<string, unknown> = {}) {
    super(message);
    this.name = 'FilterError';
  }
}
