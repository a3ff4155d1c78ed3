import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import type { ServerContext } from '../context';
import type { Principal } from '../auth/Principal';
import type { Lang } from '../http/serverI18n';

export interface CallRequest {
  ctx: ServerContext;
  /** Present for every call but the public ones (login). */
  principal: Principal | undefined;
  /** Query (GET) or body (POST) after normalisation; for multipart, the non-file fields. */
  params: Record<string, unknown>;
  lang: Lang;
  t: TFunction;
  raw: FastifyRequest;
  reply: FastifyReply;
}

/** Returned by handlers that wrote the response themselves (file downloads). */
export const REPLY_SENT = Symbol('reply-sent');

export interface CallHandler {
  /** 'public' calls run without a session; everything else answers 401 without one. */
  auth: 'public' | 'session';
  /**
   * Accepts a multipart body. 'stream': the first file arrives as `params.$stream` to be piped
   * to disk (uploads up to 100 MB); 'buffer': as `params.$file = {buffer, filename}` (imports).
   */
  multipart?: 'stream' | 'buffer';
  /**
   * Further paths under /capi where the spec gives this call outside `/{get|set}/{base}/{call}`
   * (`POST /upload`, `GET /file/list`: docs/API-CONTRACT.md, "Generic calls"). The one route
   * serves them as this call: session, maintenance, SM4 and the envelope are the same.
   */
  paths?: readonly CallPath[];
  handle(request: CallRequest): Promise<unknown>;
}

export interface CallPath {
  method: 'GET' | 'POST';
  /** Under /capi, e.g. `/file/list`. */
  url: `/${string}`;
}

/** Key of the call table: `get:hr:getHrContractList`. */
export type CallKey = `${'get' | 'set'}:${string}:${string}`;
export type CallTable = Map<string, CallHandler>;

export function callKey(method: 'get' | 'set', base: string, name: string): CallKey {
  return `${method}:${base}:${name}`;
}
