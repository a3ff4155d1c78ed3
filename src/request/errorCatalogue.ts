import { REFUSED_CODE, UNAUTHENTICATED_CODE, serverMessage } from './envelope';

/** What went wrong with one call: `status` is undefined when no response arrived at all. */
export interface FailedCall {
  url: string;
  status?: number;
  body?: unknown;
}

/** A text to show: an i18n key of the shell's catalogue, or the server's own (already localised) words. */
export type FailureText = { key: string } | { literal: string };

export type FailureAction =
  | { kind: 'notify'; titleKey: string; text: FailureText }
  /** Dialog 无权限访问 with the button 重新登录, which ends the session and opens /login. */
  | { kind: 'confirmRelogin' }
  | { kind: 'redirectToLogin' }
  /** Body code 100: nothing is shown here, the caller shows the reason (antd message). */
  | { kind: 'leaveToCaller' }
  | { kind: 'silent' };

export interface FailureHandling {
  action: FailureAction;
  /** The message the call's promise rejects with. */
  reason: FailureText;
}

const ERROR_TITLE = 'shell.request.errorTitle';
const TEXT = {
  notFound: { key: 'shell.request.notFound' },
  serverError: { key: 'shell.request.serverError' },
  unknown: { key: 'shell.request.unknown' },
  noResponse: { key: 'shell.request.noResponse' },
  unauthorized: { key: 'shell.request.unauthorizedContent' },
} as const;

/** Calls to the online shop have their own session and error handling (shell spec §8). */
function isShopCall(url: string): boolean {
  return url.includes('/seller/');
}

function serverTextOr(body: unknown, fallback: FailureText): FailureText {
  const message = serverMessage(body);
  return message === null ? fallback : { literal: message };
}

function notify(text: FailureText): FailureAction {
  return { kind: 'notify', titleKey: ERROR_TITLE, text };
}

/**
 * The error catalogue of shell spec §8 as a pure decision: what to show or do for a failed call,
 * and what the caller's promise rejects with. HTTP statuses come first; a 2xx answer is a failure
 * only through its envelope code.
 */
export function classifyFailure(call: FailedCall): FailureHandling {
  const handling = classifyWithoutShopRule(call);
  return isShopCall(call.url) ? { action: { kind: 'silent' }, reason: handling.reason } : handling;
}

function classifyWithoutShopRule({ status, body }: FailedCall): FailureHandling {
  if (status === undefined) {
    return { action: notify(TEXT.noResponse), reason: TEXT.noResponse };
  }
  if (status === 404) {
    return { action: notify(TEXT.notFound), reason: serverTextOr(body, TEXT.notFound) };
  }
  if (status === 500) {
    const text = serverTextOr(body, TEXT.serverError);
    return { action: notify(text), reason: text };
  }
  if (status === 401 || status === 400) {
    return { action: { kind: 'confirmRelogin' }, reason: serverTextOr(body, TEXT.unauthorized) };
  }
  if (status < 200 || status >= 300) {
    const text = serverTextOr(body, TEXT.unknown);
    return { action: notify(text), reason: text };
  }

  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  if (code === UNAUTHENTICATED_CODE) {
    return { action: { kind: 'redirectToLogin' }, reason: serverTextOr(body, TEXT.unauthorized) };
  }
  if (code === REFUSED_CODE) {
    return { action: { kind: 'leaveToCaller' }, reason: serverTextOr(body, TEXT.unknown) };
  }
  // Any other envelope code, or an answer that is no envelope at all (e.g. a proxy's HTML page).
  const text = serverTextOr(body, TEXT.unknown);
  return { action: notify(text), reason: text };
}
