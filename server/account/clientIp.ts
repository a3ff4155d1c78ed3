import type { FastifyRequest } from 'fastify';

/**
 * The client address the per-IP limits count: Fastify's, which believes X-Forwarded-For only
 * from the proxies TRUST_PROXY names (server/app.ts) and is the connection's address otherwise.
 */
export function clientIp(request: FastifyRequest): string {
  return (request.ip || 'unknown').slice(0, 64);
}
