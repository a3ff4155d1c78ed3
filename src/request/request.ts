import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { isAxiosError } from 'axios';
import { BIG_POST_HEADER, ENCRYPTED_REQUEST_HEADER, ENCRYPTION_MODE_REASON, SM4_MARK } from '../../runtime/core/crypto';
import { getShopAccessToken } from '../session/shopSession';
import {
  encodeJsonBody, encodePostBody, encodeQuery, multipartFields, type EncodedBody, type Params,
} from './bodyEncoding';
import { filenameFromContentDisposition } from './contentDisposition';
import {
  encryptionState, isSealed, openEncryptedEnvelope, reloadEncryptionState, responseHeader as header,
} from './encryption';
import { SUCCESS_CODE, REFUSED_CODE, isEnvelope, type Envelope } from './envelope';
import { classifyFailure } from './errorCatalogue';
import { failureText, presentFailure } from './failurePresenter';
import { httpClient } from './httpClient';
import { RequestError } from './RequestError';
import { SHOP_AUTHORIZATION_HEADER, cachingFrom } from './requestConfig';
import { saveBlob } from './saveBlob';

export type { Params } from './bodyEncoding';

export interface RequestOptions {
  /** Show nothing on failure (no notification, dialog or redirect); the promise still rejects. */
  quiet?: boolean;
  /** GET: let a cache answer (no `_t` cache-buster). Default: the build's VITE_REQUEST_CACHE, off. */
  cache?: boolean;
  /** Milliseconds for this call; the configured time-out (300000 by default) otherwise. */
  timeout?: number;
  /** Headers of this call only, e.g. `shop-authorization` (which makes a POST body JSON). */
  headers?: Record<string, string>;
}

export interface UploadOptions extends RequestOptions {
  /** Multipart field name of the file; 'file' by default (API contract). */
  fieldName?: string;
  /** Upload progress, 0–100. */
  onProgress?: (percent: number) => void;
}

export interface DownloadOptions extends RequestOptions {
  /** `export{E}` calls are GET (API contract); getFileDown also takes POST. */
  method?: 'get' | 'post';
  /** Used when the answer names no file. */
  fallbackName?: string;
  /** false: hand the blob back without saving it (an image shown inside a page). */
  save?: boolean;
}

export interface DownloadedFile {
  fileName: string;
  blob: Blob;
}

export interface RequestApi {
  get<T>(url: string, params?: Params, options?: RequestOptions): Promise<Envelope<T>>;
  /** Form-encoded POST: arrays as `name[]`, objects JSON-stringified (JSON with shop-authorization or SM4). */
  post<T>(url: string, data?: Params, options?: RequestOptions): Promise<Envelope<T>>;
  /** JSON POST, for deeply nested bodies. */
  postJson<T>(url: string, data?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  /** "Big post" (spec §7): the fields of a large form as multipart, past url-encoded size limits. */
  bigPost<T>(url: string, data?: Params, options?: RequestOptions): Promise<Envelope<T>>;
  /** Multipart POST of one file plus extra fields. */
  upload<T>(url: string, file: Blob, extra?: Params, options?: UploadOptions): Promise<Envelope<T>>;
  /** Fetches a file as a blob and saves it under the name from Content-Disposition. */
  download(url: string, params?: Params, options?: DownloadOptions): Promise<Envelope<DownloadedFile>>;
}

/** The build's default for GET caching (VITE_REQUEST_CACHE=1 allows caches; off by default). */
const CACHING = cachingFrom(import.meta.env.VITE_REQUEST_CACHE);

/** FileReader rather than Blob.text(): the browsers of some intranets predate the latter. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('the answer could not be read'));
    reader.readAsText(blob);
  });
}

/** Error bodies of blob requests arrive as blobs; read them back so the server's message is not lost. */
async function readableBody(body: unknown): Promise<unknown> {
  if (!(body instanceof Blob)) return body;
  const text = await blobText(body);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The answer's body, readable: a blob read back as JSON where it is one (a refusal sent instead
 * of a file), its `data` decrypted in SM4 mode. JSON answers arrive decrypted already: the HTTP
 * client's interceptor (encryption.ts) opens every sealed envelope.
 */
async function openBody(response: AxiosResponse, key: string | null): Promise<unknown> {
  const wasBlob = response.data instanceof Blob;
  const body = await readableBody(response.data);
  return wasBlob && isSealed(response, body) ? openEncryptedEnvelope(body, key) : body;
}

async function failure(url: string, status: number | undefined, body: unknown, options: RequestOptions): Promise<RequestError> {
  const { action, reason } = classifyFailure({ url, status, body });
  const shown = !options.quiet && action.kind !== 'leaveToCaller' && action.kind !== 'silent';
  if (shown) presentFailure(action);
  return new RequestError(failureText(reason), {
    url, status, body, shown, code: isEnvelope(body) ? body.code : undefined,
  });
}

/** True for the refusal that means "browser and server disagree on the encryption mode". */
function isModeMismatch(body: unknown): boolean {
  return isEnvelope(body) && body.code === REFUSED_CODE
    && (body.data as { reason?: unknown } | null)?.reason === ENCRYPTION_MODE_REASON;
}

type Prepared = AxiosRequestConfig & { url: string };
/** Builds the request for the current mode: the SM4 key, or null in plain mode. */
type Builder = (sm4Key: string | null) => Prepared;

interface Exchanged {
  response: AxiosResponse;
  key: string | null;
}

/** The shop-authorization header of a call: given in its options, or the held shop access token. */
function shopAuthorization(options: RequestOptions): string | null {
  const given = Object.entries(options.headers ?? {}).find(([name]) => name.toLowerCase() === SHOP_AUTHORIZATION_HEADER)?.[1];
  return given ?? getShopAccessToken();
}

function callHeaders(options: RequestOptions, sm4Key: string | null, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { ...options.headers, ...extra };
  const shop = shopAuthorization(options);
  if (shop) headers[SHOP_AUTHORIZATION_HEADER] = shop;
  if (sm4Key) headers[ENCRYPTED_REQUEST_HEADER] = SM4_MARK;
  return headers;
}

/** Sends one request in the page's encryption mode; HTTP failures and no answer reject through the catalogue. */
async function exchange(url: string, build: Builder, options: RequestOptions): Promise<Exchanged> {
  let key: string | null;
  let config: Prepared;
  try {
    key = (await encryptionState()).key;
    config = build(key);
  } catch (error) {
    if (!isAxiosError(error)) throw error;
    // The mode could not be learnt: nothing is sent, the failure is the call's own.
    throw await failure(url, error.response?.status, await readableBody(error.response?.data), options);
  }
  if (options.timeout) config.timeout = options.timeout;
  try {
    return { response: await httpClient.request(config), key };
  } catch (error) {
    if (!isAxiosError(error)) throw error;
    const body = error.response ? await openBody(error.response, key) : undefined;
    throw await failure(url, error.response?.status, body, options);
  }
}

/**
 * A call answering an envelope: success is code 200. A refusal for the other encryption mode
 * (the server's configuration changed since the page loaded) reloads the mode and sends once more.
 */
async function sendForEnvelope<T>(url: string, build: Builder, options: RequestOptions = {}, retried = false): Promise<Envelope<T>> {
  const { response, key } = await exchange(url, build, options);
  const body = await openBody(response, key);
  if (isEnvelope(body) && body.code === SUCCESS_CODE) return body as Envelope<T>;
  if (!retried && isModeMismatch(body)) {
    await reloadEncryptionState().catch(() => undefined);
    return sendForEnvelope<T>(url, build, options, true);
  }
  throw await failure(url, response.status, body, options);
}

function withCacheBuster(params: Params, options: RequestOptions): Params {
  // `_t` defeats caches of intranet proxies and old browsers that keep GET answers.
  return (options.cache ?? CACHING) ? params : { ...params, _t: Date.now() };
}

function postConfig(url: string, body: EncodedBody, options: RequestOptions, sm4Key: string | null): Prepared {
  return { method: 'post', url, data: body.data, headers: callHeaders(options, sm4Key, { 'Content-Type': body.contentType }) };
}

function formData(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

async function downloadOnce(url: string, params: Params, options: DownloadOptions, retried: boolean): Promise<Envelope<DownloadedFile>> {
  const { response, key } = await exchange(url, (sm4Key) => (options.method === 'post'
    ? { ...postConfig(url, encodePostBody(params, { sm4Key, shop: Boolean(shopAuthorization(options)) }), options, sm4Key), responseType: 'blob' }
    : { method: 'get', url, params: encodeQuery(withCacheBuster(params, options), sm4Key), headers: callHeaders(options, sm4Key), responseType: 'blob' }),
  options);
  // A refusal (no permission, unknown record) comes back as a JSON envelope, not as a file.
  if (header(response, 'content-type').includes('application/json')) {
    const body = await openBody(response, key);
    if (!retried && isModeMismatch(body)) {
      await reloadEncryptionState().catch(() => undefined);
      return downloadOnce(url, params, options, true);
    }
    throw await failure(url, response.status, body, options);
  }
  const blob = response.data as Blob;
  const fileName = filenameFromContentDisposition(header(response, 'content-disposition')) ?? options.fallbackName ?? 'download';
  if (options.save !== false) saveBlob(blob, fileName);
  return { code: SUCCESS_CODE, message: '', data: { fileName, blob } };
}

/**
 * The one way the shell and the generic screens talk to the server (base /capi), by the rules of
 * spec §7: bearer token, extra configured headers, GET cache-buster, form / JSON / multipart
 * bodies, blob downloads, the time-out, and the SM4 mode (docs/SM4.md) on every kind of call.
 */
export const request: RequestApi = {
  get<T>(url: string, params: Params = {}, options: RequestOptions = {}) {
    return sendForEnvelope<T>(url, (sm4Key) => ({
      method: 'get', url, params: encodeQuery(withCacheBuster(params, options), sm4Key), headers: callHeaders(options, sm4Key),
    }), options);
  },

  post<T>(url: string, data?: Params, options: RequestOptions = {}) {
    return sendForEnvelope<T>(url, (sm4Key) => postConfig(
      url, encodePostBody(data, { sm4Key, shop: Boolean(shopAuthorization(options)) }), options, sm4Key,
    ), options);
  },

  postJson<T>(url: string, data?: unknown, options: RequestOptions = {}) {
    return sendForEnvelope<T>(url, (sm4Key) => postConfig(url, encodeJsonBody(data, sm4Key), options, sm4Key), options);
  },

  bigPost<T>(url: string, data: Params = {}, options: RequestOptions = {}) {
    return sendForEnvelope<T>(url, (sm4Key) => ({
      method: 'post', url, data: formData(multipartFields(data, sm4Key, true)),
      headers: callHeaders(options, sm4Key, { [BIG_POST_HEADER]: '1' }),
    }), options);
  },

  upload<T>(url: string, file: Blob, extra: Params = {}, options: UploadOptions = {}) {
    const { onProgress } = options;
    return sendForEnvelope<T>(url, (sm4Key) => {
      // The file's bytes are sent as they are, in SM4 mode too; its fields are encrypted.
      const form = formData(multipartFields(extra, sm4Key, false));
      form.append(options.fieldName ?? 'file', file);
      return {
        method: 'post', url, data: form, headers: callHeaders(options, sm4Key),
        onUploadProgress: onProgress
          ? (event) => { if (event.total) onProgress(Math.round((event.loaded / event.total) * 100)); }
          : undefined,
      };
    }, options);
  },

  download(url: string, params: Params = {}, options: DownloadOptions = {}) {
    return downloadOnce(url, params, options, false);
  },
};
