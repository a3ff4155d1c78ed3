import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { REPLY_SENT, callKey, type CallTable, type CallHandler } from '../calls/CallHandler';
import { ApiError } from './ApiError';
import { normaliseBody } from './normaliseBody';
import { pickLanguage, translatorFor } from './serverI18n';
import { readToken } from './readToken';
import { hashToken } from '../auth/sessions';
import { loadPrincipal } from '../auth/loadPrincipal';

const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

async function readMultipart(request: FastifyRequest, handler: CallHandler, ctx: ServerContext): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = { ...normaliseBody(request.query) };
  const limit = handler.multipart === 'buffer' ? MAX_IMPORT_BYTES : ctx.config.maxUploadBytes;
  // Fields sent before the file arrive with it; the file itself is streamed, never buffered
  // whole, for uploads (100 MB).
  const file = await request.file({ limits: { fileSize: limit, files: 1 } });
  if (!file) return params;
  for (const [name, field] of Object.entries(file.fields)) {
    const value = Array.isArray(field) ? field[0] : field;
    if (value && value.type === 'field') params[name.replace(/\[\]$/, '')] = value.value;
  }
  if (handler.multipart === 'stream') {
    params.$stream = file;
  } else {
    const buffer = await file.toBuffer().catch(() => { throw ApiError.business('file.tooLarge', { mb: MAX_IMPORT_BYTES / 1024 / 1024 }); });
    params.$file = { buffer, filename: file.filename };
  }
  return params;
}

/**
 * The one route every call goes through: `/capi/get/{base}/{call}` and `/capi/set/{base}/{call}`.
 * A lookup in the call table finds the handler; authentication is decided here, once, before
 * any handler runs, so no handler can forget it.
 */
export function registerCallRoute(app: FastifyInstance, ctx: ServerContext, table: CallTable): void {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { method, base, call } = request.params as { method: string; base: string; call: string };
    const lang = pickLanguage(request.headers);
    const t = translatorFor(ctx.i18n, lang);
    reply.header('Cache-Control', 'no-store');
    const handler = (method === 'get' || method === 'set') ? table.get(callKey(method, base, call)) : undefined;
    // Writes only by POST; reads by GET, and by POST where the spec's client posts to /get.
    if (!handler || (method === 'set' && request.method !== 'POST')) throw ApiError.notFound('error.unknownCall', { call: `${method}/${base}/${call}` });

    const token = readToken(request);
    const principal = token ? await loadPrincipal(ctx, hashToken(token)) : undefined;
    if (handler.auth === 'session' && !principal) throw ApiError.unauthenticated();

    let params: Record<string, unknown>;
    if (request.isMultipart()) {
      if (!handler.multipart) throw ApiError.business('error.multipartNotAccepted');
      params = await readMultipart(request, handler, ctx);
    } else {
      params = request.method === 'GET' ? normaliseBody(request.query) : { ...normaliseBody(request.query), ...normaliseBody(request.body) };
    }
    const data = await handler.handle({ ctx, principal, params, lang, t, raw: request, reply });
    if (data === REPLY_SENT) return reply;
    return reply.send({ code: 200, message: t('common.success'), data: data ?? null });
  };
  app.route({ method: ['GET', 'POST'], url: '/capi/:method/:base/:call', handler: serve });
}
