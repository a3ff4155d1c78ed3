import Cookies from 'js-cookie';
import { TOKEN_COOKIE_SECONDS } from '../../runtime/core/constants';

const TOKEN_COOKIE = 'TOKEN';

export function getToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: new Date(Date.now() + TOKEN_COOKIE_SECONDS * 1000),
    path: '/',
    sameSite: 'Lax',
  });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
