/**
 * The browser's session cookie (issue 17): the server sets `TOKEN` HttpOnly, so no script in the
 * page can read it, and a readable marker beside it that holds no secret, so the browser's guard
 * knows a session is open. Cookie authentication needs the request header below, which a
 * cross-site form or image cannot send; API clients keep sending `Authorization: Bearer`.
 */
export const TOKEN_COOKIE = 'TOKEN';
/** `1` while a cookie session is open; read by the browser's guard, cleared with the session. */
export const SIGNED_IN_COOKIE = 'SIGNED_IN';
/** Sent by the browser's request layer on every call; required for the TOKEN cookie to count. */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';
/**
 * Sent with a sign-in that must not replace the browser's session yet (admin's login-as: the new
 * session is checked for menus first, then adopted with `adoptSession`).
 */
export const KEEP_SESSION_HEADER = 'X-Keep-Session';
