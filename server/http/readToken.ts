import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer\s+(\S+)$/i;

/** `Authorization: Bearer <token>` as the spec's client sends it; nothing else is accepted. */
export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? BEARER.exec(header.trim()) : null;
  return match?.[1];
}
