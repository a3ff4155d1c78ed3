import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { callKey, type CallHandler, type CallTable } from '../calls/CallHandler';
import {
  ENCRYPTED_REQUEST_HEADER, ENCRYPTED_RESPONSE_HEADER, ENCRYPTION_MODE_REASON, ENCRYPTION_TYPE_SM4, SM4_MARK,
  Sm4ValueError, decryptFields, encryptData, type EncryptionConfig,
} from '../../runtime/core/crypto';
import { readSystemSettings } from '../sysConfig/readSystemSettings';
import { SYS_IMAGE_CALL } from '../sysConfig/publicConfigCalls';
import { ApiError } from './ApiError';

/**
 * The server half of the SM4 mode (docs/SM4.md). In SM4 mode (the stored configuration's
 * encryptionType and key, server/sysConfig) every value of every call must arrive encrypted
 * (md5hex + sm4hex) and every answer's `data` leaves encrypted; with the mode off, values are
 * read as they are. Exempt are the public call that tells the browser the mode (readable before
 * the browser has the key) and the sign-in page's configured images (an `<img src>` cannot
 * encrypt; they answer a file, never data).
 */

const CONFIG_CALL = callKey('get', 'system', 'getEncryptionConfig');

/** The key when the SM4 mode is on, undefined when it is off: the configuration in force (cached a second). */
async function activeSm4Key(ctx: ServerContext): Promise<string | undefined> {
  const settings = await readSystemSettings(ctx);
  return settings.encryptionType === ENCRYPTION_TYPE_SM4 ? settings.sm4Key : undefined;
}

/**
 * The mode of one request, decided the first time it is needed (reading its values, or sealing
 * an answer given before that) and kept: values and answer use the same key even when the
 * configuration switches while the request runs, so the browser can always read its answer.
 */
const requestKeys = new WeakMap<FastifyRequest, string | null>();

async function requestSm4Key(ctx: ServerContext, request: FastifyRequest): Promise<string | undefined> {
  if (!requestKeys.has(request)) requestKeys.set(request, (await activeSm4Key(ctx)) ?? null);
  return requestKeys.get(request) ?? undefined;
}

/** `GET /get/system/getEncryptionConfig` → {encryptionType, key}: the key only in SM4 mode. */
const encryptionConfigCall: CallHandler = {
  auth: 'public',
  async handle({ ctx }) {
    const key = await activeSm4Key(ctx);
    const config: EncryptionConfig = key ? { encryptionType: ENCRYPTION_TYPE_SM4, key } : { encryptionType: 0, key: null };
    return config;
  },
};

function isPlainCall(key: string): boolean {
  return key === CONFIG_CALL || key === SYS_IMAGE_CALL;
}

/** Parts of a request that are not values: the uploaded file, streamed or buffered. */
const isFilePart = (name: string) => name === '$stream' || name === '$file';

/**
 * The plain parameters of a call. SM4 mode: every value decrypted and MD5-checked; a plain value
 * is refused (so a client that lost the mode never leaks in clear what the mode exists to hide),
 * a tampered one too — both as code 100 naming the field, never a 500. Mode off: a request the
 * browser marked as encrypted is refused, so cipher text is never stored as data; `data.reason`
 * tells the browser to reload the mode and send again.
 */
export async function readSm4Params(ctx: ServerContext, request: FastifyRequest, key: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (isPlainCall(key)) return params;
  const sm4Key = await requestSm4Key(ctx, request);
  if (!sm4Key) {
    if (request.headers[ENCRYPTED_REQUEST_HEADER] === SM4_MARK) {
      throw ApiError.business('crypto.modeOff', {}, { reason: ENCRYPTION_MODE_REASON, refusal: 'modeOff' });
    }
    return params;
  }
  try {
    return decryptFields(params, sm4Key, isFilePart);
  } catch (error) {
    if (!(error instanceof Sm4ValueError)) throw error;
    // Both carry the mode reason: a value sealed with a key the server no longer has fails its
    // MD5 check exactly like a tampered one, and the browser's one reload of the mode and retry
    // is what gets it past a key change. A real tamper fails again and is shown.
    const refusal = error.reason === 'notEncrypted' ? 'plain' : 'tampered';
    const data = { reason: ENCRYPTION_MODE_REASON, refusal, field: error.field };
    throw ApiError.business(refusal === 'plain' ? 'crypto.plainRefused' : 'crypto.tampered', { field: error.field }, data);
  }
}

/** The mode refusals stay readable: the browser may hold a stale key, and they carry no data but the field's name. */
function isModeRefusal(payload: { data: unknown }): boolean {
  return typeof payload.data === 'object' && payload.data !== null
    && (payload.data as { reason?: unknown }).reason === ENCRYPTION_MODE_REASON;
}

function isEnvelope(payload: unknown): payload is { code: number; message: string; data: unknown } {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
    && typeof (payload as { code?: unknown }).code === 'number' && 'data' in payload;
}

function requestCallKey(request: FastifyRequest): string | undefined {
  const { method, base, call } = (request.params ?? {}) as { method?: string; base?: string; call?: string };
  return method && base && call ? `${method}:${base}:${call}` : undefined;
}

/**
 * Registers the encryption config call and, while the SM4 mode is on, encrypts the `data` of
 * every envelope leaving under /capi — answers, refusals and errors alike (code and message stay
 * readable for the error catalogue). Files and other non-envelope answers are not touched.
 */
export function installSm4Mode(app: FastifyInstance, ctx: ServerContext, table: CallTable): void {
  table.set(CONFIG_CALL, encryptionConfigCall);
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!request.url.startsWith('/capi/') || !isEnvelope(payload)) return payload;
    const key = requestCallKey(request);
    if ((key && isPlainCall(key)) || isModeRefusal(payload)) return payload;
    const sm4Key = await requestSm4Key(ctx, request);
    if (!sm4Key) return payload;
    reply.header(ENCRYPTED_RESPONSE_HEADER, SM4_MARK);
    return { ...payload, data: encryptData(payload.data, sm4Key) };
  });
}
