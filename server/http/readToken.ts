import type { FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, TOKEN_COOKIE } from '../../runtime/core/constants/sessionCookie';

const BEARER = /^Bearer\s+(\S+)$/i;

/** `Authorization: Bearer <token>` as API clients (and the spec's client) send it. */
export function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header.trim()) : null;
  return match?.[1];
}

export function sentByRequestLayer(request: FastifyRequest): boolean {
  return request.headers[CSRF_HEADER.toLowerCase()] === CSRF_HEADER_VALUE;
}

/** One cookie's value from the Cookie header; tokens are base64url, so no decoding is needed. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * The session token of a request: the Bearer header, else the browser's HttpOnly TOKEN cookie —
 * the cookie only with the request layer's own header, which a cross-site form, link or image
 * cannot send (with SameSite=Strict, a second guard against request forgery).
 */
export function readToken(request: FastifyRequest): string | undefined {
  return readBearerToken(request) ?? (sentByRequestLayer(request) ? readCookie(request, TOKEN_COOKIE) : undefined);
}
