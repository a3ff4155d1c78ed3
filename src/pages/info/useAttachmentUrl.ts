import { useEffect, useState } from 'react';
import { request } from '../../request';

const DOWNLOAD_PATH = '/get/file/getFileDown';

/**
 * A picture attachment as a blob: address, fetched with the reader's session (a plain `<img src>`
 * could not carry it); released when the id changes or the view leaves. Null until loaded or
 * when the reader may not read it.
 */
export function useAttachmentUrl(attachId: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!attachId) { setUrl(null); return undefined; }
    let live = true;
    let made: string | null = null;
    request.download(DOWNLOAD_PATH, { attachId }, { save: false, quiet: true }).then((answer) => {
      if (!live) return;
      made = URL.createObjectURL(answer.data.blob);
      setUrl(made);
    }, () => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [attachId]);
  return url;
}
