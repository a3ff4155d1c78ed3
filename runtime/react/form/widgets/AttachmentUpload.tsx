import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { acceptAttribute } from '../../attachments/uploadRules';
import { useAttachmentUploads } from '../../attachments/useAttachmentUploads';
import type { WidgetProps } from './WidgetProps';

/** Attachments of a record: value = comma-joined attachIds (spec §3); `onUploadingChange` counts files on their way. */
export function AttachmentUpload({ value, onChange, disabled, maxCount, onUploadingChange }: WidgetProps<string> & { maxCount?: number; onUploadingChange?: (count: number) => void }) {
  const { t } = useTranslation();
  const { fileList, beforeUpload, customRequest, onRemove, onDownload } = useAttachmentUploads({ value, onChange, kind: 'attachment', maxCount, onUploadingChange });
  return (
    <Upload
      multiple
      accept={acceptAttribute('attachment')}
      fileList={fileList}
      disabled={disabled}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={onRemove}
      onDownload={onDownload}
      onPreview={onDownload}
      showUploadList={{ showDownloadIcon: true, showRemoveIcon: !disabled }}
    >
      {!disabled && <Button icon={<UploadOutlined />}>{t('runtime.upload.choose')}</Button>}
    </Upload>
  );
}
