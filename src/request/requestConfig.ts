import { REQUEST_TIMEOUT_MS } from '../../runtime/core/constants';
import { BIG_POST_HEADER, ENCRYPTED_REQUEST_HEADER } from '../../runtime/core/crypto';

/** The shop's own session header (spec §7): present when a shop access token is held. */
export const SHOP_AUTHORIZATION_HEADER = 'shop-authorization';

/** Headers only the request layer itself sets: configuration cannot replace the session or the body's description. */
const RESERVED_HEADERS = new Set([
  'authorization', SHOP_AUTHORIZATION_HEADER, 'content-type', 'content-length', 'accept-language', 'cookie', 'host',
  ENCRYPTED_REQUEST_HEADER, BIG_POST_HEADER,
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The time-out of every call: the build's VITE_REQUEST_TIMEOUT (ms) when it is a positive number, else 300000 (spec §7). */
export function timeoutFrom(configured: unknown): number {
  const value = Number(configured);
  return Number.isFinite(value) && value > 0 ? value : REQUEST_TIMEOUT_MS;
}

/**
 * Extra headers sent with every call (spec §7 "extra configured headers"): the build's
 * VITE_REQUEST_HEADERS, a JSON object of name → text. Malformed JSON, invalid names, non-text
 * values and the reserved headers are left out (with a console warning, once at start).
 */
export function extraHeadersFrom(configured: unknown): Record<string, string> {
  if (typeof configured !== 'string' || configured.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(configured);
  } catch {
    console.warn('VITE_REQUEST_HEADERS is not JSON; no extra headers are sent');
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    const usable = HEADER_NAME.test(name) && !RESERVED_HEADERS.has(name.toLowerCase())
      && (typeof value === 'string' || typeof value === 'number') && !/[\r\n]/.test(String(value));
    if (usable) headers[name] = String(value);
    else console.warn(`VITE_REQUEST_HEADERS: header '${name}' is left out`);
  }
  return headers;
}

/** GET answers may come from a cache only when the build says so (VITE_REQUEST_CACHE=1); otherwise a cache-buster `_t` is added. */
export function cachingFrom(configured: unknown): boolean {
  return configured === '1' || configured === 'true';
}
