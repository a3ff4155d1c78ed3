import { PlusOutlined } from '@ant-design/icons';
import { ConfigProvider, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { SINGLE_IMAGE_MAX_COUNT, UPLOAD_BOX_SIZE } from '../../../core/constants';
import { acceptAttribute } from '../../attachments/uploadRules';
import { useAttachmentUploads } from '../../attachments/useAttachmentUploads';
import type { WidgetProps } from './WidgetProps';

/** Upload box size (spec §9), set through antd's token so the card and its placeholder agree. */
const UPLOAD_THEME = { components: { Upload: { pictureCardSize: UPLOAD_BOX_SIZE } } };

/** One image (gif, jpeg or png): value = its attachId. */
export function ImageUpload({ value, onChange, disabled }: WidgetProps<string>) {
  const { t } = useTranslation();
  const { fileList, beforeUpload, customRequest, onRemove, onDownload } = useAttachmentUploads({ value, onChange, kind: 'image', maxCount: SINGLE_IMAGE_MAX_COUNT });
  return (
    <ConfigProvider theme={UPLOAD_THEME}>
      <Upload
        listType="picture-card"
        accept={acceptAttribute('image')}
        fileList={fileList}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={onRemove}
        onDownload={onDownload}
        onPreview={onDownload}
        showUploadList={{ showDownloadIcon: true, showRemoveIcon: !disabled, showPreviewIcon: false }}
      >
        {!disabled && fileList.length === 0 && (
          <div>
            <PlusOutlined />
            <div>{t('runtime.upload.chooseImage')}</div>
          </div>
        )}
      </Upload>
    </ConfigProvider>
  );
}
