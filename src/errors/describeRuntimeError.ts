import { isRequestError } from '../request/RequestError';
import { isChunkLoadError } from '../router/lazyPage';

/** What to tell the user about an uncaught error: a title chosen by the error's kind and its message. */
export interface RuntimeErrorReport {
  titleKey: string;
  message: string | null;
}

const TITLE_BY_ERROR_NAME: Record<string, string> = {
  TypeError: 'shell.runtimeError.type',
  ReferenceError: 'shell.runtimeError.reference',
  SyntaxError: 'shell.runtimeError.syntax',
  RangeError: 'shell.runtimeError.range',
  URIError: 'shell.runtimeError.uri',
  // DOMException names: storage full, a blocked cross-origin or insecure operation, an aborted one.
  QuotaExceededError: 'shell.runtimeError.quota',
  SecurityError: 'shell.runtimeError.security',
  AbortError: 'shell.runtimeError.abort',
};

/** The kind-based title of an error: a code chunk that failed to load, else by the error's name. */
function titleKeyOf(error: unknown, fallback: string): string {
  if (isChunkLoadError(error)) return 'shell.runtimeError.chunk';
  const name = error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException) ? (error as Error).name : '';
  return TITLE_BY_ERROR_NAME[name] ?? fallback;
}

// Browsers report this when a resize observer (antd tables use them) needed another frame; it is harmless.
const BENIGN = /^ResizeObserver loop/;

function messageOf(error: unknown): string | null {
  if (error instanceof Error) return error.message || null;
  if (typeof error === 'string') return error || null;
  return null;
}

/**
 * Report for an uncaught error (window 'error'), or null when it should not be shown: benign
 * browser noise, and request failures, which the request layer has already presented.
 */
export function describeUncaughtError(error: unknown, fallbackMessage: string | null): RuntimeErrorReport | null {
  const message = messageOf(error) ?? fallbackMessage;
  if (message !== null && BENIGN.test(message)) return null;
  if (isRequestError(error) && error.shown) return null;
  return { titleKey: titleKeyOf(error, 'shell.runtimeError.script'), message };
}

/** Report for a promise rejected with nobody handling it (window 'unhandledrejection'). */
export function describeUnhandledRejection(reason: unknown): RuntimeErrorReport | null {
  if (isRequestError(reason)) {
    // Shown already, or a shop call that shows nothing by design (shell spec §8).
    if (reason.shown || reason.url.includes('/seller/')) return null;
    // An unhandled refusal (code 100) would otherwise vanish: its message is the useful part.
    return { titleKey: 'shell.request.errorTitle', message: reason.message };
  }
  const message = messageOf(reason);
  if (message !== null && BENIGN.test(message)) return null;
  return { titleKey: titleKeyOf(reason, 'shell.runtimeError.promise'), message };
}
