/**
 * What the run log keeps of an error: its message and the top of its stack, with anything that
 * looks like a credential masked. Request bodies never get here — only the error itself — but
 * a driver's message may quote a connection string or a header, and the auditor reading the
 * run log must not learn a password from it.
 */

const MAX_MESSAGE = 1000;
const MAX_FRAMES = 8;

const SECRET_PATTERNS: [RegExp, string][] = [
  // scheme://user:password@host → scheme://***@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1***@'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, '$1 ***'],
  [/\b(password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key)(["']?\s*[=:]\s*["']?)[^\s"',;&]+/gi, '$1$2***'],
];

/** Masks URL credentials, bearer tokens and `password=…`-style pairs. */
export function redactSecrets(text: string): string {
  return SECRET_PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

function errorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : '';
}

/** `[code] name: message`, credentials masked, at most 1000 characters. */
export function errorMessage(error: unknown): string {
  const base = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const code = errorCode(error);
  return redactSecrets(code ? `[${code}] ${base}` : base).slice(0, MAX_MESSAGE);
}

/** The first stack frames, paths relative to the working folder (where the code is, not the machine's layout). */
export function stackSummary(error: unknown, cwd = process.cwd()): string {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const frames = stack.split('\n').map((line) => line.trim()).filter((line) => line.startsWith('at ')).slice(0, MAX_FRAMES);
  return redactSecrets(frames.map((frame) => frame.split(cwd).join('.')).join('\n'));
}
