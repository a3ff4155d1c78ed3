import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../attachments/AttachmentList';
import type { FieldValueVariant } from './FieldValue';

/**
 * In a table cell: the count as a link whose popover lists the files (loaded only when opened,
 * so a page of rows costs no attachment calls). In details: the list itself.
 */
export function AttachmentsValue({ attachIds, variant }: { attachIds: string[]; variant: FieldValueVariant }) {
  const { t } = useTranslation();
  if (attachIds.length === 0) return null;
  if (variant === 'details') return <AttachmentList attachIds={attachIds} />;
  return (
    <Popover trigger="click" destroyOnHidden content={<AttachmentList attachIds={attachIds} />}>
      <Button type="link" size="small" icon={<PaperClipOutlined />}>
        {t('runtime.attachments.count', { count: attachIds.length })}
      </Button>
    </Popover>
  );
}
