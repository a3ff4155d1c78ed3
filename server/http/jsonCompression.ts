import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { negotiateCoding } from './acceptEncoding';

/** Below this a compressed answer saves less than the work and the header bytes cost. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses the JSON answers of /capi (lists, schemas, menus) by the client's Accept-Encoding:
 * brotli at a fast level (an answer is compressed once per request, unlike the build's assets),
 * else gzip. On the thread pool, never on the event loop. Anything else passes untouched: files,
 * exports and previews (already compressed formats, streams, ranges), answers that carry their
 * own Content-Encoding, and the SM4 mode's sealed JSON is compressed like any other.
 */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/capi/') || request.method === 'HEAD') return payload;
    if (!/^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('Vary', 'Accept-Encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('Vary', `${String(vary)}, Accept-Encoding`);
    // Successful answers only (lists, schemas, menus are the large ones): an error answer is small.
    if (reply.hasHeader('content-encoding') || reply.statusCode !== 200) return payload;
    // The client's wish first: without one the answer is not copied into a buffer at all.
    const coding = negotiateCoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    const compressed = coding === 'br'
      ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : await gzip(body, { level: 6 });
    reply.header('Content-Encoding', coding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
