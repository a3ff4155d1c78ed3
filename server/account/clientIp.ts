import type { FastifyRequest } from 'fastify';

/**
 * The client address the per-IP limits count. Fastify resolves it (with `trustProxy`, from
 * X-Forwarded-For as set by the proxy in front of the server).
 */
export function clientIp(request: FastifyRequest): string {
  return (request.ip || 'unknown').slice(0, 64);
}
