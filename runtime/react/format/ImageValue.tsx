import { Image, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { UPLOAD_BOX_SIZE } from '../../core/constants';
import { FILE_DOWNLOAD_PATH } from '../attachments/attachmentCalls';
import { useAsync } from '../data/useAsync';
import { useRuntime } from '../useRuntime';
import { AttachmentsValue } from './AttachmentsValue';

/**
 * An image field on the details screen: the picture itself (a personnel file's 证件照, a news
 * cover), enlarged on click. An attachment is never addressed by URL — an `<img src>` could not
 * carry the reader's session — so it is fetched through the request layer and shown from a blob:
 * URL, released when the value changes or the screen leaves. Where it cannot be fetched it falls
 * back to the attachment list, which says why.
 */
export function ImageValue({ attachId, testId }: { attachId: string; testId: string }) {
  const { request } = useRuntime();
  const state = useAsync(() => request.blob(FILE_DOWNLOAD_PATH, { attachId }), [attachId, request]);
  const blob = state.status === 'ready' ? state.value : undefined;
  const [url, setUrl] = useState<string>();
  // The address is made and released by the same effect, so a re-run never shows a released one.
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => { URL.revokeObjectURL(made); setUrl(undefined); };
  }, [blob]);
  if (state.status === 'error') return <AttachmentsValue attachIds={[attachId]} variant="details" />;
  if (!url) return <Spin size="small" />;
  return <span data-testid={testId}><Image src={url} width={UPLOAD_BOX_SIZE} style={{ objectFit: 'cover' }} /></span>;
}
