import Cookies from 'js-cookie';

const TOKEN_COOKIE = 'TOKEN';
/** Shell spec §9: the TOKEN cookie lives 86400 s. */
const TOKEN_LIFETIME_SECONDS = 86_400;

export function getToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: new Date(Date.now() + TOKEN_LIFETIME_SECONDS * 1000),
    path: '/',
    sameSite: 'Lax',
  });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
