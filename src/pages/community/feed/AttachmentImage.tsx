import { Image } from 'antd';
import { useEffect, useState } from 'react';
import { FILE_DOWNLOAD_PATH } from '../../../../runtime/react/attachments/attachmentCalls';
import { request } from '../../../request';

/** A picture held by a record, fetched with the reader's session (a plain src could not carry it) and shown from a blob: URL. */
export function AttachmentImage({ attachId, size = 96 }: { attachId: string; size?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    request.download(FILE_DOWNLOAD_PATH, { attachId }, { save: false }).then((answer) => {
      if (!live) return;
      made = URL.createObjectURL(answer.data.blob);
      setUrl(made);
    }, () => undefined);
    return () => { live = false; if (made) URL.revokeObjectURL(made); };
  }, [attachId]);
  return <Image src={url ?? undefined} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4, background: '#f5f5f5' }} />;
}
