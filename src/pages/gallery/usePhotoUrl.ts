import { useEffect, useState } from 'react';
import { ENCRYPTED_REQUEST_HEADER, SM4_MARK } from '../../../runtime/core/crypto';
import { encodeQuery } from '../../request/bodyEncoding';
import { encryptionState } from '../../request/encryption';
import { httpClient } from '../../request/httpClient';

const PHOTO_CALL = '/get/file/getPhotoImage';

/**
 * An album picture as an object URL for <img>, which cannot send the Bearer token: fetched
 * through the HTTP client (token, language, SM4 query sealing) from getPhotoImage, which checks
 * the album's visibility. Null while loading or when the picture cannot be shown; the URL is
 * released when the attachment changes or the component goes.
 */
export function usePhotoUrl(attachId: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!attachId) return undefined;
    let created: string | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const { key } = await encryptionState().catch(() => ({ key: null }));
        const response = await httpClient.get<Blob>(PHOTO_CALL, {
          params: encodeQuery({ attachId }, key), headers: key ? { [ENCRYPTED_REQUEST_HEADER]: SM4_MARK } : {}, responseType: 'blob',
        });
        if (cancelled || response.status !== 200 || !String(response.headers['content-type'] ?? '').startsWith('image/')) return;
        created = URL.createObjectURL(response.data);
        setUrl(created);
      } catch { /* a picture that cannot be shown stays a placeholder */ }
    })();
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [attachId]);
  return url;
}
