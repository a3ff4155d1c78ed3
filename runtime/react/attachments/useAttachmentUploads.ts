import { Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALLOWED_EXTENSIONS, extensionOf } from '../../core/constants';
import { failureMessage } from '../data/requestFailure';
import { useFeedback } from '../feedback/useFeedback';
import { joinValues, splitJoined } from '../format/fieldValues';
import { useRuntime } from '../useRuntime';
import {
  downloadAttachment, loadAttachments, uploadAttachment, type AttachmentInfo,
} from './attachmentCalls';
import { checkUpload, type UploadKind } from './uploadRules';
import { useDownloadWithFeedback } from './useDownloadWithFeedback';
import { useReportUploads } from './uploadsInFlight';

export interface AttachmentUploadsOptions {
  /** Comma-joined attachIds. */
  value: unknown;
  onChange?: (value: string | null) => void;
  kind: UploadKind;
  /** At most this many files (the single image upload takes one). */
  maxCount?: number;
  /** Told how many files are on their way (0 when none): a page can hold its send until they have arrived. */
  onUploadingChange?: (count: number) => void;
}

/**
 * The state behind an attachment control: the stored attachIds shown with their names, files in
 * flight, and the spec's rules — refused types and sizes warned about before uploading, removal
 * confirmed, failures notified.
 */
export function useAttachmentUploads({ value, onChange, kind, maxCount, onUploadingChange }: AttachmentUploadsOptions) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message, notification, confirm } = useFeedback();
  const download = useDownloadWithFeedback();
  const ids = splitJoined(value);
  const idsKey = ids.join(',');
  const [known, setKnown] = useState<ReadonlyMap<string, AttachmentInfo>>(new Map());
  const [inFlight, setInFlight] = useState<UploadFile[]>([]);
  // Two uploads finishing before the next render must both land: they append to this, not to a stale prop.
  const currentIds = useRef(ids);
  currentIds.current = ids;

  useEffect(() => {
    const unnamed = ids.filter((id) => !known.has(id));
    if (unnamed.length === 0) return;
    let current = true;
    loadAttachments(request, unnamed).then(
      (list) => {
        if (current) setKnown((previous) => new Map([...previous, ...list.map((item) => [item.attachId, item] as const)]));
      },
      (error: unknown) => { if (current) message.error(failureMessage(error, t('runtime.attachments.loadFailed'))); },
    );
    return () => { current = false; };
    // Only a change of the stored ids asks the server; names already known are kept.
  }, [idsKey, request]);

  useEffect(() => { onUploadingChange?.(inFlight.length); }, [inFlight.length]);
  // Inside a schema form (the entity save page, a BPM process form), its save waits for these files too.
  useReportUploads(inFlight.length);

  const emit = (next: string[]) => {
    currentIds.current = next;
    onChange?.(next.length > 0 ? joinValues(next) : null);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (maxCount !== undefined && currentIds.current.length + inFlight.length >= maxCount) {
      message.warning(t('runtime.upload.countExceeded', { max: maxCount }));
      return Upload.LIST_IGNORE;
    }
    const refusal = checkUpload(file, kind);
    if (!refusal) return true;
    switch (refusal.reason) {
      case 'tooLarge': message.warning(t('runtime.upload.tooLarge', { limit: refusal.limitMb })); break;
      case 'badType': {
        // Named like the server's refusal: what was refused and what may be uploaded instead.
        const allowed = [...ALLOWED_EXTENSIONS].join(t('file.typeSeparator'));
        message.warning(t('runtime.upload.typeRefused', { extension: refusal.extension || '?', allowed }));
        break;
      }
      case 'notImage': message.warning(t('runtime.upload.notImage')); break;
      default: {
        const unreachable: never = refusal;
        throw new Error(`Unhandled upload refusal ${JSON.stringify(unreachable)}`);
      }
    }
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const chosen = file as File;
    const placeholder: UploadFile = { uid: `uploading-${Date.now()}-${chosen.name}`, name: chosen.name, status: 'uploading' };
    setInFlight((previous) => [...previous, placeholder]);
    uploadAttachment(request, chosen).then(
      (uploaded) => {
        setKnown((previous) => new Map(previous).set(uploaded.attachId, {
          attachId: uploaded.attachId, name: uploaded.fileName, extName: uploaded.extName, fileSize: uploaded.fileSize,
        }));
        emit([...currentIds.current, uploaded.attachId]);
        onSuccess?.(uploaded);
      },
      (error: unknown) => {
        notification.error({ message: t('runtime.upload.failed'), description: failureMessage(error, t('runtime.message.unknownError')) });
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    ).finally(() => setInFlight((previous) => previous.filter((item) => item.uid !== placeholder.uid)));
  };

  const onRemove = (file: UploadFile) => new Promise<boolean>((resolve) => {
    confirm({
      title: t('runtime.upload.removeConfirm', { name: file.name }),
      okText: t('runtime.action.confirm'),
      cancelText: t('runtime.action.cancel'),
      onOk: () => {
        emit(currentIds.current.filter((id) => id !== file.uid));
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });

  const onDownload = (file: UploadFile) => {
    const info = known.get(file.uid);
    download(() => downloadAttachment(request, { attachId: file.uid, extName: info?.extName ?? extensionOf(file.name) }));
  };

  const fileList: UploadFile[] = [
    ...ids.map((id): UploadFile => ({ uid: id, name: known.get(id)?.name ?? id, status: 'done' })),
    ...inFlight,
  ];

  return { fileList, beforeUpload, customRequest, onRemove, onDownload };
}
