import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { isAxiosError } from 'axios';
import { filenameFromContentDisposition } from './contentDisposition';
import { SUCCESS_CODE, isEnvelope, type Envelope } from './envelope';
import { classifyFailure } from './errorCatalogue';
import { failureText, presentFailure } from './failurePresenter';
import { encodeFormData } from './formEncoding';
import { httpClient } from './httpClient';
import { RequestError } from './RequestError';
import { saveBlob } from './saveBlob';

export type Params = Record<string, unknown>;

export interface RequestOptions {
  /** Show nothing on failure (no notification, dialog or redirect); the promise still rejects. */
  quiet?: boolean;
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
}

export interface DownloadedFile {
  fileName: string;
  blob: Blob;
}

export interface RequestApi {
  get<T>(url: string, params?: Params, options?: RequestOptions): Promise<Envelope<T>>;
  /** Form-encoded POST: arrays as `name[]`, objects JSON-stringified. */
  post<T>(url: string, data?: Params, options?: RequestOptions): Promise<Envelope<T>>;
  /** JSON POST, for big or deeply nested bodies. */
  postJson<T>(url: string, data?: unknown, options?: RequestOptions): Promise<Envelope<T>>;
  /** Multipart POST of one file plus extra fields. */
  upload<T>(url: string, file: Blob, extra?: Params, options?: UploadOptions): Promise<Envelope<T>>;
  /** Fetches a file and saves it under the name from Content-Disposition. */
  download(url: string, params?: Params, options?: DownloadOptions): Promise<Envelope<DownloadedFile>>;
}

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

async function failure(url: string, status: number | undefined, rawBody: unknown, options: RequestOptions): Promise<RequestError> {
  const body = await readableBody(rawBody);
  const { action, reason } = classifyFailure({ url, status, body });
  const shown = !options.quiet && action.kind !== 'leaveToCaller' && action.kind !== 'silent';
  if (shown) presentFailure(action);
  return new RequestError(failureText(reason), {
    url, status, body, shown, code: isEnvelope(body) ? body.code : undefined,
  });
}

async function send(config: AxiosRequestConfig & { url: string }, options: RequestOptions): Promise<AxiosResponse> {
  try {
    return await httpClient.request(config);
  } catch (error) {
    if (isAxiosError(error)) throw await failure(config.url, error.response?.status, error.response?.data, options);
    throw error;
  }
}

async function sendForEnvelope<T>(config: AxiosRequestConfig & { url: string }, options: RequestOptions = {}): Promise<Envelope<T>> {
  const response = await send(config, options);
  const body: unknown = response.data;
  if (isEnvelope(body) && body.code === SUCCESS_CODE) return body as Envelope<T>;
  throw await failure(config.url, response.status, body, options);
}

/** The one way the shell and the generic screens talk to the server (base /capi). */
export const request: RequestApi = {
  get<T>(url: string, params: Params = {}, options?: RequestOptions) {
    // `_t` defeats caches of intranet proxies and old browsers that keep GET answers.
    return sendForEnvelope<T>({ method: 'get', url, params: { ...params, _t: Date.now() } }, options);
  },

  post<T>(url: string, data?: Params, options?: RequestOptions) {
    return sendForEnvelope<T>({
      method: 'post', url, data: encodeFormData(data),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    }, options);
  },

  postJson<T>(url: string, data?: unknown, options?: RequestOptions) {
    return sendForEnvelope<T>({
      method: 'post', url, data: JSON.stringify(data ?? {}),
      headers: { 'Content-Type': 'application/json;charset=UTF-8' },
    }, options);
  },

  upload<T>(url: string, file: Blob, extra: Params = {}, options: UploadOptions = {}) {
    const form = new FormData();
    form.append(options.fieldName ?? 'file', file);
    for (const [name, value] of Object.entries(extra)) {
      if (value === undefined || value === null) continue;
      form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    const { onProgress } = options;
    return sendForEnvelope<T>({
      method: 'post', url, data: form,
      onUploadProgress: onProgress
        ? (event) => { if (event.total) onProgress(Math.round((event.loaded / event.total) * 100)); }
        : undefined,
    }, options);
  },

  async download(url: string, params: Params = {}, options: DownloadOptions = {}) {
    const config: AxiosRequestConfig & { url: string } = options.method === 'post'
      ? {
        method: 'post', url, data: encodeFormData(params), responseType: 'blob',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      }
      : { method: 'get', url, params: { ...params, _t: Date.now() }, responseType: 'blob' };
    const response = await send(config, options);
    const blob = response.data as Blob;
    // A refusal (no permission, unknown record) comes back as a JSON envelope, not as a file.
    const contentType = String(response.headers['content-type'] ?? '');
    if (contentType.includes('application/json')) throw await failure(url, response.status, blob, options);

    const fileName = filenameFromContentDisposition(String(response.headers['content-disposition'] ?? ''))
      ?? options.fallbackName ?? 'download';
    saveBlob(blob, fileName);
    return { code: SUCCESS_CODE, message: '', data: { fileName, blob } };
  },
};
