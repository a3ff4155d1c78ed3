/** Authorization and browser-held session constants of spec/shell.md §9. */

/** Header carrying the session token, and the prefix before the token. */
export const TOKEN_HEADER = 'Authorization';
export const TOKEN_PREFIX = 'Bearer';
/** Data encryption mode when nothing is configured: 0 = plain (SM4 off). */
export const DEFAULT_ENCRYPTION_TYPE = 0;

/** Lifetime, seconds, of the TOKEN cookie (and so of a session by default). */
export const TOKEN_COOKIE_SECONDS = 86_400;
/** Lifetime, seconds, of the online-shop seller/admin session items (uid, username, face, …). */
export const SHOP_SESSION_SECONDS = 1_800;
/** Lifetime, seconds, of the b2b token marker. */
export const B2B_TOKEN_MARKER_SECONDS = 600;
/** Lifetime, seconds, of the shop's access and refresh token cookies. */
export const SHOP_TOKEN_COOKIE_SECONDS = 1_500;

/** The only account that may sign in as another account (spec §1, §6). */
export const LOGIN_AS_ACCOUNT = 'admin';
