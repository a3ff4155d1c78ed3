import { ENCRYPTED_REQUEST_HEADER, SM4_MARK } from '../../runtime/core/crypto';
import { encodeQuery } from './bodyEncoding';
import { encryptionState } from './encryption';
import { httpClient } from './httpClient';

/**
 * A picture a GET call answers as bytes (an avatar, a handwritten signature), as a blob for an
 * object URL: an <img> cannot send the Bearer token. The request layer's `download` would save
 * the bytes to disk, so the call is made with its HTTP client (Bearer token, language, SM4 query
 * sealing) and read here: 204 means no picture, a JSON answer is a refusal. Every failure is
 * "no picture" (null), never a message: the caller shows a placeholder.
 */
export async function fetchImage(call: string, params: Record<string, string> = {}): Promise<Blob | null> {
  try {
    const { key } = await encryptionState().catch(() => ({ key: null }));
    const response = await httpClient.get<Blob>(call, {
      params: encodeQuery({ ...params, _t: Date.now() }, key),
      headers: key ? { [ENCRYPTED_REQUEST_HEADER]: SM4_MARK } : {},
      responseType: 'blob',
    });
    const type = String(response.headers['content-type'] ?? '');
    if (response.status !== 200 || !type.startsWith('image/')) return null;
    return response.data;
  } catch {
    return null;
  }
}
