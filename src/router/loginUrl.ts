export const LOGIN_PATH = '/login';
const REDIRECT_PARAM = 'redirect';

/** `/login`, remembering `wanted` (path + query) so sign-in can continue there. */
export function loginUrl(wanted?: string): string {
  if (!wanted || wanted === '/' || wanted.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: wanted }).toString()}`;
}

/**
 * Where to go after sign-in: the remembered in-app path, or '/'. Anything that is not a plain
 * same-origin path ('//evil.example', 'https://…', '/\\evil') is refused, so a crafted link
 * cannot send a freshly signed-in user elsewhere.
 */
export function redirectTarget(search: string): string {
  const wanted = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (!wanted || !wanted.startsWith('/') || wanted.startsWith('//') || wanted.startsWith('/\\')) return '/';
  if (wanted.startsWith(LOGIN_PATH)) return '/';
  return wanted;
}
