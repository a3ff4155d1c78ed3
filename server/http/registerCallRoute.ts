import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { REPLY_SENT, callKey, type CallTable, type CallHandler } from '../calls/CallHandler';
import { ApiError } from './ApiError';
import { assertCleanParams, normaliseBody } from './normaliseBody';
import { pickLanguage, translatorFor } from './serverI18n';
import { readToken } from './readToken';
import { hashToken } from '../auth/sessions';
import { loadPrincipal } from '../auth/loadPrincipal';
import { assertNotInMaintenance } from '../system/maintenance';
import { BIG_POST_HEADER } from '../../runtime/core/crypto';
import { installSm4Mode, readSm4Params } from './sm4Mode';
import { applySessionCookies, forgetEndedCookieSession, registerSessionCookieCalls } from './sessionCookie';

const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

async function readMultipart(request: FastifyRequest, handler: CallHandler, ctx: ServerContext): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = { ...normaliseBody(request.query) };
  const limit = handler.multipart === 'buffer' ? MAX_IMPORT_BYTES : ctx.config.maxUploadBytes;
  // Fields sent before the file arrive with it; the file itself is streamed, never buffered
  // whole, for uploads (100 MB).
  // A multipart body the parser cannot read (no boundary) is the client's mistake: code 100, not a 500.
  const file = await request.file({ limits: { fileSize: limit, files: 1 } }).catch((error: Error & { code?: string }) => {
    throw error.code ? error : ApiError.business('error.badBody');
  });
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

/** Largest single field of a big post: the whole url-encoded or JSON body may be this large too. */
const MAX_BIG_POST_FIELD_BYTES = 10 * 1024 * 1024;

/**
 * A "big post" (spec §7): a multipart body of form fields only, marked by the browser's request
 * layer. Read like a form body (repeated names and `name[]` become lists); a file part in it is
 * refused as on any call that takes no file.
 */
async function readBigPost(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: { fieldSize: MAX_BIG_POST_FIELD_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      part.file.resume();
      throw ApiError.business('error.multipartNotAccepted');
    }
    if (part.valueTruncated) throw ApiError.business('error.bodyTooLarge');
    const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value ?? '');
    const previous = fields[part.fieldname];
    if (previous === undefined) fields[part.fieldname] = part.fieldname.endsWith('[]') ? [value] : value;
    else fields[part.fieldname] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return { ...normaliseBody(request.query), ...normaliseBody(fields) };
}

/**
 * The one route every call goes through: `/capi/get/{base}/{call}` and `/capi/set/{base}/{call}`.
 * A lookup in the call table finds the handler; authentication is decided here, once, before
 * any handler runs, so no handler can forget it.
 */
export function registerCallRoute(app: FastifyInstance, ctx: ServerContext, table: CallTable): void {
  // i18next canonicalises the language (Intl) on every t(): the one message every answer carries
  // is looked up once per language, not once per call (it showed in the profile of bench/list).
  const success = new Map<string, string>();
  // `key` names the call of a further path (`CallHandler.paths`); otherwise the path's parts do.
  const serve = async (request: FastifyRequest, reply: FastifyReply, key?: string) => {
    const named = request.params as { method: string; base: string; call: string };
    const [method, base, call] = key ? key.split(':') : [named.method, named.base, named.call];
    const lang = pickLanguage(request.headers);
    const t = translatorFor(ctx.i18n, lang);
    reply.header('Cache-Control', 'no-store');
    const handler = (method === 'get' || method === 'set') ? table.get(callKey(method, base, call)) : undefined;
    // Writes only by POST; reads by GET, and by POST where the spec's client posts to /get.
    if (!handler || (method === 'set' && request.method !== 'POST')) throw ApiError.notFound('error.unknownCall', { call: `${method}/${base}/${call}` });

    const token = readToken(request);
    const principal = token ? await loadPrincipal(ctx, hashToken(token)) : undefined;
    // An ended session's cookie goes with the refusal, so the browser's marker cannot outlive it.
    if (token && !principal) forgetEndedCookieSession(request, reply);
    if (handler.auth === 'session' && !principal) throw ApiError.unauthenticated();
    await assertNotInMaintenance(ctx, principal);

    let params: Record<string, unknown>;
    if (request.isMultipart()) {
      if (handler.multipart) params = await readMultipart(request, handler, ctx);
      else if (request.headers[BIG_POST_HEADER] === '1') params = await readBigPost(request);
      else throw ApiError.business('error.multipartNotAccepted');
    } else {
      params = request.method === 'GET' ? normaliseBody(request.query) : { ...normaliseBody(request.query), ...normaliseBody(request.body) };
    }
    // SM4 mode (docs/SM4.md): values decrypted and checked here, once, for every call.
    params = await readSm4Params(ctx, request, callKey(method as 'get' | 'set', base, call), params);
    // Again once decrypted, and for multipart fields, which normaliseBody never saw.
    assertCleanParams(params, ['$file', '$stream']);
    const data = await handler.handle({ ctx, principal, params, lang, t, raw: request, reply });
    if (data === REPLY_SENT) return reply;
    // The browser's HttpOnly session cookie: set by an answer that opened a session, cleared by sign-out.
    applySessionCookies(request, reply, callKey(method as 'get' | 'set', base, call), data);
    if (!success.has(lang)) success.set(lang, t('common.success'));
    return reply.send({ code: 200, message: success.get(lang), data: data ?? null });
  };
  installSm4Mode(app, ctx, table);
  registerSessionCookieCalls(table);
  app.route({ method: ['GET', 'POST'], url: '/capi/:method/:base/:call', handler: (request, reply) => serve(request, reply) });
  for (const [key, handler] of table) {
    for (const path of handler.paths ?? []) {
      app.route({ method: path.method, url: `/capi${path.url}`, handler: (request, reply) => serve(request, reply, key) });
    }
  }
}
