export type FilterErrorReason = 'unknownField' | 'badOperator' | 'badValue' | 'badShape';

/**
 * A filter the request cannot mean. `message` is an i18n key ('filter.badValue'…) the server
 * interpolates with `{field}`; `field` is '' when the filter object as a whole is malformed.
 */
export class FilterError extends Error {
  constructor(public field: string, public reason: FilterErrorReason, message: string) {
    super(message);
    this.name = 'FilterError';
  }
}
