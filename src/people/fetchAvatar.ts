import { ENCRYPTED_REQUEST_HEADER, SM4_MARK } from '../../runtime/core/crypto';
import { encodeQuery } from '../request/bodyEncoding';
import { encryptionState } from '../request/encryption';
import { httpClient } from '../request/httpClient';

export const AVATAR_CALL = '/get/file/getAvatar';

/**
 * A user's avatar as a blob (none: the signed-in user's), or null when there is none to show.
 * The request layer's `download` would save the bytes to disk, so the call is made with its HTTP
 * client (Bearer token, language, SM4 query sealing) and read here: 204 means no picture, a JSON
 * answer is a refusal. Avatars are decoration: every failure is "no picture", never a message.
 */
export async function fetchAvatar(userId?: string): Promise<Blob | null> {
  try {
    const { key } = await encryptionState().catch(() => ({ key: null }));
    const response = await httpClient.get<Blob>(AVATAR_CALL, {
      params: encodeQuery({ ...(userId ? { userId } : {}), _t: Date.now() }, key),
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
