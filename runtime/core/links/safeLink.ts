/**
 * The one rule for a stored value the app renders as a link (menu paths and iframe URLs,
 * shortcuts, banners, message links, the dashboard): an in-app path (`/hr/contract?type=1`) or an
 * absolute http(s) URL. Everything else — `javascript:`, `data:`, `vbscript:`, a protocol-relative
 * `//host`, `/\host` (browsers read the backslash as a slash), text with spaces or control
 * characters a browser would strip before reading the scheme — is refused by the server on every
 * write (validation format `link`) and never rendered by the browser (`safeHref`).
 */

/** Whitespace, control characters and the backslash: none belongs in a link we write out as typed. */
const UNSAFE_CHARACTER = /[\s\u0000-\u001f\u007f\\]/;
const IN_APP_PATH = /^\/(?!\/)/;
const WEB_URL = /^https?:\/\/[^/]/i;

export function isInAppPath(value: string): boolean {
  return IN_APP_PATH.test(value) && !UNSAFE_CHARACTER.test(value);
}

/** An absolute http(s) URL with a host, as the URL parser reads it (the same parser the browser follows). */
export function isWebUrl(value: string): boolean {
  if (!WEB_URL.test(value) || UNSAFE_CHARACTER.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function isSafeLink(value: string): boolean {
  return isInAppPath(value) || isWebUrl(value);
}

/** The value itself when it is a safe link, else undefined: what every href, src, window.open and navigation of a stored value goes through. */
export function safeHref(value: unknown): string | undefined {
  return typeof value === 'string' && isSafeLink(value) ? value : undefined;
}
