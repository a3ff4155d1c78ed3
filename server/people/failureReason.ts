const MAX_REASON = 200;

/** What went wrong, short: the adapter's message (it names no secret) or the error's name. */
export function failureReason(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, MAX_REASON);
}
