import Cookies from 'js-cookie';
import { SIGNED_IN_COOKIE } from '../../runtime/core/constants/sessionCookie';

/**
 * Whether a session is open, for the guard. The session's token is an HttpOnly cookie the server
 * sets and clears (server/http/sessionCookie.ts): no script in the page can read it, so a stored
 * script cannot steal it. Beside it the server sets this marker, which holds no secret and ends
 * with the session.
 */
export function hasSession(): boolean {
  return Cookies.get(SIGNED_IN_COOKIE) === '1';
}

/** Forgets the marker here (expired session, unreachable server): the guard then opens /login. */
export function forgetSession(): void {
  Cookies.remove(SIGNED_IN_COOKIE, { path: '/' });
}
