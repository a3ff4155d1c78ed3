import { isAxiosError, type AxiosResponse } from 'axios';
import { ENCRYPTED_REQUEST_HEADER, ENCRYPTION_MODE_REASON, SM4_MARK } from '../../../runtime/core/crypto';
import { i18n } from '../../i18n/i18n';
import { isRequestError, request } from '../../request';
import { filenameFromContentDisposition } from '../../request/contentDisposition';
import { encodeQuery } from '../../request/bodyEncoding';
import { encryptionState, reloadEncryptionState } from '../../request/encryption';
import { httpClient } from '../../request/httpClient';
import { serverMessage } from '../../request/envelope';

export const ATTACH_LIST_CALL = '/get/file/getAttachList';
export const FILE_DOWNLOAD_CALL = '/get/file/getFileDown';

/** What the preview knows about a file before and after fetching it. */
export interface AttachmentFacts {
  attachId: string;
  name: string;
  extName: string;
  fileSize?: number;
}

export interface LoadedAttachment {
  facts: AttachmentFacts;
  blob: Blob;
}

/** A fetch that failed: `message` is the server's (localised) words when it gave some. */
export class PreviewFetchError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status: number | undefined) {
    super(message);
    this.name = 'PreviewFetchError';
    this.status = status;
  }
}

/** FileReader rather than Blob.text() / arrayBuffer(): older intranet browsers lack those. */
export function readBlobAsArrayBuffer(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

function readBlobAsText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('the answer could not be read'));
    reader.readAsText(blob);
  });
}

async function bodyOf(data: unknown): Promise<unknown> {
  if (!(data instanceof Blob)) return data;
  const text = await readBlobAsText(data);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fallbackMessage(status: number | undefined): string {
  if (status === undefined) return i18n.t('shell.request.noResponse');
  if (status === 404) return i18n.t('shell.request.notFound');
  if (status === 401) return i18n.t('shell.request.unauthorizedContent');
  if (status === 500) return i18n.t('shell.request.serverError');
  return i18n.t('shell.request.unknown');
}

async function facts(attachId: string): Promise<AttachmentFacts | undefined> {
  try {
    const answer = await request.get<AttachmentFacts[]>(ATTACH_LIST_CALL, { attachIds: attachId }, { quiet: true });
    return Array.isArray(answer.data) ? answer.data.find((a) => a.attachId === attachId) : undefined;
  } catch (error) {
    // The file call below gives the reason (401/403/404) with the server's message.
    if (isRequestError(error) && error.status === undefined) throw new PreviewFetchError(error.message, undefined);
    return undefined;
  }
}

/** True for the server's refusal meaning "browser and server disagree on the SM4 mode". */
function isModeRefusal(body: unknown): boolean {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  return typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === ENCRYPTION_MODE_REASON;
}

/**
 * The file's bytes. The request layer's `download` would save them to disk, so the call is made
 * here with its HTTP client and its encryption mode: in SM4 mode the query values are sealed
 * like every other call's (docs/SM4.md) and a refusal for a stale mode reloads it and tries once more.
 */
async function fetchBytes(attachId: string, extName: string, onProgress: ((percent: number) => void) | undefined, retried = false): Promise<AxiosResponse<Blob>> {
  const { key } = await encryptionState().catch(() => ({ key: null }));
  let response: AxiosResponse<Blob>;
  try {
    response = await httpClient.get<Blob>(FILE_DOWNLOAD_CALL, {
      params: encodeQuery({ attachId, extName, _t: Date.now() }, key),
      headers: key ? { [ENCRYPTED_REQUEST_HEADER]: SM4_MARK } : {},
      responseType: 'blob',
      onDownloadProgress: onProgress
        ? (event) => { if (event.total) onProgress(Math.round((event.loaded / event.total) * 100)); }
        : undefined,
    });
  } catch (error) {
    if (!isAxiosError(error)) throw error;
    const status = error.response?.status;
    const body = await bodyOf(error.response?.data);
    throw new PreviewFetchError(serverMessage(body) ?? fallbackMessage(status), status);
  }
  // A refusal comes back as a JSON envelope with HTTP 200 (its code and message stay readable in SM4 mode).
  if (String(response.headers['content-type'] ?? '').includes('application/json')) {
    const body = await bodyOf(response.data);
    if (!retried && isModeRefusal(body)) {
      await reloadEncryptionState().catch(() => undefined);
      return fetchBytes(attachId, extName, onProgress, true);
    }
    const code = typeof body === 'object' && body !== null ? Number((body as { code?: unknown }).code) : undefined;
    throw new PreviewFetchError(serverMessage(body) ?? fallbackMessage(code), code);
  }
  return response;
}

/**
 * Fetches an attachment for previewing: its facts (name, size) and its bytes, with the request
 * layer's client (Bearer token, language, encryption mode). Nothing is shown to the user here:
 * the preview page shows failures itself, with the server's message.
 */
export async function fetchAttachment(attachId: string, extName: string, onProgress?: (percent: number) => void): Promise<LoadedAttachment> {
  const [known, response] = await Promise.all([facts(attachId), fetchBytes(attachId, extName, onProgress)]);
  const blob = response.data;
  const headerName = filenameFromContentDisposition(String(response.headers['content-disposition'] ?? ''));
  return {
    facts: {
      attachId,
      name: known?.name ?? headerName ?? `${attachId}${extName ? `.${extName}` : ''}`,
      extName: known?.extName ?? extName,
      fileSize: known?.fileSize ?? blob.size,
    },
    blob,
  };
}
