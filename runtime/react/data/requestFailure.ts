/**
 * What the screens read from a rejected request. The shell's request layer rejects with an Error
 * that may carry `code` (envelope code), `body` (the answer's envelope) and `shown` (the layer
 * already told the user); the runtime reads them structurally so it never imports src/.
 */

export interface FieldError {
  field: string;
  message: string;
}

interface FailureShape {
  message?: unknown;
  shown?: unknown;
  body?: { data?: { errors?: unknown } };
}

function shapeOf(error: unknown): FailureShape {
  return typeof error === 'object' && error !== null ? error as FailureShape : {};
}

/** The text to show: the server's message for a refusal, else the error's own. */
export function failureMessage(error: unknown, fallback: string): string {
  const { message } = shapeOf(error);
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** True when the request layer already showed a notification or dialog for this failure. */
export function alreadyShown(error: unknown): boolean {
  return shapeOf(error).shown === true;
}

/** The per-field errors of a code-100 validation refusal (`data.errors`), empty otherwise. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  const errors = shapeOf(error).body?.data?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter((item): item is FieldError => typeof item === 'object' && item !== null
    && typeof (item as FieldError).field === 'string' && typeof (item as FieldError).message === 'string');
}

/**
 * True when the server refused a write because the record changed since it was read
 * (`data.conflict = 'rowVersion'`, docs/API-CONTRACT.md): the screen offers to reload.
 */
export function isStaleRecord(error: unknown): boolean {
  const data = shapeOf(error).body?.data as { conflict?: unknown } | undefined;
  return data?.conflict === 'rowVersion';
}
