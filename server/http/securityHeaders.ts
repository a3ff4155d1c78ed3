import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The browser-side defences of every answer, the app's pages and /capi alike (issue 17 §6).
 * The built app runs no inline script, so script comes from the app's own origin only; antd and
 * the previews (docx-preview) write inline styles; previews draw from blob: and data: URLs and
 * pdf.js runs a worker; iframe menu entries may embed any web page, but only the app may frame
 * the app.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "connect-src 'self' blob: data:",
  "frame-src 'self' https: http:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * For stored files: whatever an uploaded file holds (HTML, SVG with script), opened directly it
 * runs nothing and reaches nothing — a sandboxed, script-less document of its own origin.
 */
export const FILE_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
  });
}

/** An answer that is a stored file: downloaded, never shown in the app's origin. */
export function sandboxFileAnswer(reply: FastifyReply): FastifyReply {
  return reply.header('Content-Security-Policy', FILE_CONTENT_SECURITY_POLICY);
}
