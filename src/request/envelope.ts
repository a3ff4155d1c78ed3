/** Every answer of the server: success is code 200 (API contract, "Envelope and errors"). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const SUCCESS_CODE = 200;
/** Validation or business refusal: `message` says why and the caller shows it. */
export const REFUSED_CODE = 100;
/** Missing or expired session. */
export const UNAUTHENTICATED_CODE = 401;

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** The server's own explanation in a body, when it gave one. */
export function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}
