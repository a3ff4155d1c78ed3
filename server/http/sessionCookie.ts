import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  KEEP_SESSION_HEADER, SIGNED_IN_COOKIE, TOKEN_COOKIE,
} from '../../runtime/core/constants/sessionCookie';
import { callKey, type CallHandler, type CallTable } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from './ApiError';
import { readBearerToken, sentByRequestLayer } from './readToken';

/**
 * The TOKEN cookie's side of the HTTP layer (runtime/core/constants/sessionCookie.ts): set when an
 * answer opens a session for the browser's request layer, cleared on sign-out, read back only
 * from requests that carry the request layer's header.
 */

interface FreshSession { token: string; expiresAt: number }

/** Answers that opened a session (server/system/sessionCalls.ts `sessionAnswer`), recognised by the route. */
const freshSessions = new WeakMap<object, FreshSession>();

export function markFreshSession<T extends object>(answer: T, session: FreshSession): T {
  freshSessions.set(answer, session);
  return answer;
}

export const LOGOUT_CALL = callKey('set', 'system', 'logout');
const ADOPT_CALL = callKey('set', 'system', 'adoptSession');

/** `expiresAt` (epoch ms) is the session's own end, so cookie and session end together; null removes the cookie. */
function cookiePair(request: FastifyRequest, name: string, value: string, expiresAt: number | null, httpOnly: boolean): string {
  const lifetime = expiresAt === null ? 'Max-Age=0' : `Expires=${new Date(expiresAt).toUTCString()}`;
  const flags = [`${name}=${value}`, 'Path=/', lifetime, 'SameSite=Strict'];
  if (httpOnly) flags.push('HttpOnly');
  if (request.protocol === 'https') flags.push('Secure');
  return flags.join('; ');
}

function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: FreshSession): void {
  reply.header('Set-Cookie', [
    cookiePair(request, TOKEN_COOKIE, session.token, session.expiresAt, true),
    cookiePair(request, SIGNED_IN_COOKIE, '1', session.expiresAt, false),
  ]);
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Set-Cookie', [
    cookiePair(request, TOKEN_COOKIE, '', null, true),
    cookiePair(request, SIGNED_IN_COOKIE, '', null, false),
  ]);
}

/** A request of the browser's request layer whose cookie names a session that has ended (expired, revoked). */
export function forgetEndedCookieSession(request: FastifyRequest, reply: FastifyReply): void {
  if (!readBearerToken(request) && sentByRequestLayer(request)) clearSessionCookies(request, reply);
}

/**
 * After a call ran: an answer that opened a session sets the cookies for the browser's request
 * layer (API clients use the token in the answer and get no cookie); signing out of the cookie's session clears them.
 */
export function applySessionCookies(request: FastifyRequest, reply: FastifyReply, key: string, data: unknown): void {
  if (key === LOGOUT_CALL) {
    // A session named by the Bearer header (an API client, login-as's discarded probe) is not the cookie's.
    if (!readBearerToken(request)) clearSessionCookies(request, reply);
    return;
  }
  const fresh = typeof data === 'object' && data !== null ? freshSessions.get(data) : undefined;
  if (fresh && sentByRequestLayer(request) && request.headers[KEEP_SESSION_HEADER.toLowerCase()] !== '1') {
    setSessionCookies(request, reply, fresh);
  }
}

/**
 * `POST /set/system/adoptSession` with `Authorization: Bearer <token>`: that session becomes the
 * browser's cookie session. Admin's login-as uses it once the new session proved to have menus.
 */
const adoptSessionCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const token = readBearerToken(request.raw);
    if (!token) throw ApiError.business('session.adoptNeedsBearer');
    const row = await request.ctx.database.db.selectFrom('sys_session').select('expiresAt')
      .where('tokenHash', '=', principal.tokenHash).executeTakeFirst();
    if (!row) throw ApiError.unauthenticated();
    setSessionCookies(request.raw, request.reply, { token, expiresAt: Number(row.expiresAt) });
    return null;
  },
};

export function registerSessionCookieCalls(table: CallTable): void {
  table.set(ADOPT_CALL, adoptSessionCall);
}
