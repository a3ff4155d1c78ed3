/**
 * Rejection of every failed call: `message` is ready to show (localised); `code` and `data` are
 * the envelope's, so a save screen can place `data.errors` (code 100) on its fields.
 */
export class RequestError extends Error {
  readonly url: string;
  /** HTTP status; undefined when no response arrived. */
  readonly status: number | undefined;
  /** Envelope code, when the answer was an envelope. */
  readonly code: number | undefined;
  /** The envelope's `data`, when the answer was an envelope. */
  readonly data: unknown;
  /** The whole answer body, whatever its shape. */
  readonly body: unknown;
  /** True when the request layer already told the user (notification, dialog or redirect). */
  readonly shown: boolean;

  constructor(message: string, details: { url: string; status?: number; code?: number; body?: unknown; shown: boolean }) {
    super(message);
    this.name = 'RequestError';
    this.url = details.url;
    this.status = details.status;
    this.code = details.code;
    this.body = details.body;
    this.data = typeof details.body === 'object' && details.body !== null
      ? (details.body as { data?: unknown }).data
      : undefined;
    this.shown = details.shown;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}
