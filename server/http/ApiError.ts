/**
 * A refusal the client is meant to see. `messageKey` is an i18n key interpolated with `params`
 * in the caller's language; `httpStatus` follows the call contract (docs/API-CONTRACT.md):
 * 200 + code 100 for validation and business refusals, 401 session, 403 permission, 404 unknown.
 */
export class ApiError extends Error {
  constructor(
    public readonly httpStatus: number,
    public readonly code: number,
    public readonly messageKey: string,
    public readonly params: Record<string, unknown> = {},
    public readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }

  static business(messageKey: string, params: Record<string, unknown> = {}, data: unknown = null): ApiError {
    return new ApiError(200, 100, messageKey, params, data);
  }

  static unauthenticated(): ApiError {
    return new ApiError(401, 401, 'error.sessionExpired');
  }

  static forbidden(messageKey = 'error.forbidden', params: Record<string, unknown> = {}): ApiError {
    return new ApiError(403, 403, messageKey, params);
  }

  static notFound(messageKey = 'error.notFound', params: Record<string, unknown> = {}): ApiError {
    return new ApiError(404, 404, messageKey, params);
  }
}
