import { useEffect } from 'react';
import { FILE_DOWNLOAD_PATH } from '../attachments/attachmentCalls';
import { useRuntime } from '../useRuntime';

/**
 * Rich text names its uploaded images by attachment (`<img data-attach-id>`), never by address:
 * a plain `<img src>` could not carry the reader's session. Once the HTML is in `container`, each
 * such image is fetched through the request layer and shown from a blob: URL, released when the
 * content changes or the view leaves. An image the reader may not read stays empty.
 */
export function useAttachmentImages(container: HTMLElement | null, contentKey: string): void {
  const { request } = useRuntime();
  useEffect(() => {
    if (!container) return;
    let live = true;
    const urls: string[] = [];
    for (const img of container.querySelectorAll<HTMLImageElement>('img[data-attach-id]')) {
      const attachId = img.dataset.attachId;
      if (!attachId || img.src.startsWith('blob:')) continue;
      request.blob(FILE_DOWNLOAD_PATH, { attachId }).then((blob) => {
        if (!live) return;
        const url = URL.createObjectURL(blob);
        urls.push(url);
        img.src = url;
      }, () => undefined);
    }
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [container, contentKey, request]);
}
