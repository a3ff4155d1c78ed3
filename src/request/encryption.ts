import { isAxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import {
  ENCRYPTED_REQUEST_HEADER, ENCRYPTED_RESPONSE_HEADER, ENCRYPTION_CONFIG_PATH, ENCRYPTION_TYPE_PLAIN, ENCRYPTION_TYPE_SM4,
  SM4_MARK, decryptData, encryptFields, isSm4Key, type EncryptionType,
} from '../../runtime/core/crypto';
import { i18n } from '../i18n/i18n';
import { STORAGE_KEYS } from '../session/storageKeys';
import { setStoredItem } from '../session/storedItem';
import { SUCCESS_CODE, isEnvelope, type Envelope } from './envelope';
import { httpClient } from './httpClient';

/** The data-encryption mode this page uses (spec ENCRYPTION_TYPE; docs/SM4.md). */
export interface EncryptionState {
  type: EncryptionType;
  /** The SM4 key in SM4 mode, null in plain mode. */
  key: string | null;
}

const PLAIN: EncryptionState = { type: ENCRYPTION_TYPE_PLAIN, key: null };

let current: Promise<EncryptionState> | null = null;

function stateFrom(data: unknown): EncryptionState {
  const { encryptionType, key } = (typeof data === 'object' && data !== null ? data : {}) as { encryptionType?: unknown; key?: unknown };
  return Number(encryptionType) === ENCRYPTION_TYPE_SM4 && isSm4Key(key)
    ? { type: ENCRYPTION_TYPE_SM4, key: key.toLowerCase() }
    : PLAIN;
}

async function load(): Promise<EncryptionState> {
  try {
    const response = await httpClient.get<{ data?: unknown }>(ENCRYPTION_CONFIG_PATH, { params: { _t: Date.now() } });
    const state = stateFrom(response.data?.data);
    setStoredItem(STORAGE_KEYS.ENCRYPTION_TYPE, state.type);
    return state;
  } catch (error) {
    // A server without the call knows no encryption; anything else (no answer, 500) is tried
    // again by the next request rather than remembered.
    if (isAxiosError(error) && error.response?.status === 404) return PLAIN;
    current = null;
    throw error;
  }
}

/**
 * The mode, asked of the server once per page load (the public call getEncryptionConfig) before
 * the first request: values must not leave in clear before the page knows whether to hide them.
 * The key lives in memory only; ENCRYPTION_TYPE is kept as the spec's browser item.
 */
export function encryptionState(): Promise<EncryptionState> {
  current ??= load();
  return current;
}

/** Asks the server again: after it refused a request for the other mode (its configuration changed). */
export function reloadEncryptionState(): Promise<EncryptionState> {
  current = null;
  return encryptionState();
}

/** Tests: use this state without asking the server (null: ask again on the next request). */
export function setEncryptionState(state: EncryptionState | null): void {
  current = state ? Promise.resolve(state) : null;
}

export function responseHeader(response: AxiosResponse, name: string): string {
  const headers = response.headers as Record<string, unknown> & { get?: (name: string) => unknown };
  const value = typeof headers.get === 'function' ? headers.get(name) : headers[name];
  return value === undefined || value === null ? '' : String(value);
}

/** An answer the page cannot trust or read: shown like a server failure, in our own words. */
function unreadableAnswer(body: Envelope<unknown>, key: string): Envelope<null> {
  return { code: body.code === SUCCESS_CODE ? -1 : body.code, message: i18n.t(key), data: null };
}

/**
 * The envelope with its `data` decrypted and MD5-checked (code and message travel in clear).
 * `key` is the page's; when it has none, the server's mode changed and is asked again.
 */
export async function openEncryptedEnvelope(body: Envelope<unknown>, key: string | null): Promise<Envelope<unknown>> {
  const sm4Key = key ?? (await reloadEncryptionState().catch(() => PLAIN)).key;
  if (!sm4Key) return unreadableAnswer(body, 'crypto.configUnavailable');
  try {
    return { ...body, data: decryptData(body.data, sm4Key) };
  } catch {
    return unreadableAnswer(body, 'crypto.responseTampered');
  }
}

/** True when the answer's envelope is marked encrypted and not decrypted yet. */
export function isSealed(response: AxiosResponse, body: unknown): body is Envelope<unknown> {
  return responseHeader(response, ENCRYPTED_RESPONSE_HEADER) === SM4_MARK && isEnvelope(body) && typeof body.data === 'string';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

/**
 * The mode for requests made with httpClient directly rather than through `request` (the
 * previews fetch file bytes that way): in SM4 mode their query values and an object body are
 * encrypted, and every JSON answer marked encrypted is decrypted — so no caller can forget the
 * mode. Requests `request` already encrypted carry the marker header and pass untouched.
 */
async function sealRawRequest(config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> {
  if (config.url === ENCRYPTION_CONFIG_PATH || config.headers.has(ENCRYPTED_REQUEST_HEADER)) return config;
  const { key } = await encryptionState();
  if (!key) return config;
  if (isPlainObject(config.params)) config.params = encryptFields(config.params, key);
  if (isPlainObject(config.data)) config.data = encryptFields(config.data, key);
  config.headers.set(ENCRYPTED_REQUEST_HEADER, SM4_MARK);
  return config;
}

async function openRawResponse(response: AxiosResponse): Promise<AxiosResponse> {
  if (isSealed(response, response.data)) response.data = await openEncryptedEnvelope(response.data, (await encryptionState().catch(() => PLAIN)).key);
  return response;
}

httpClient.interceptors.request.use(sealRawRequest);
httpClient.interceptors.response.use(openRawResponse, async (error: unknown) => {
  if (isAxiosError(error) && error.response) await openRawResponse(error.response);
  throw error;
});
