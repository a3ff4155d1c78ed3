import { PaperClipOutlined } from '@ant-design/icons';
import { Alert, List, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DETAILS_ROLE_FLAG } from '../../core/constants';
import { useAsync } from '../data/useAsync';
import { useRuntime } from '../useRuntime';
import { loadAttachments } from './attachmentCalls';
import { AttachmentMenu } from './AttachmentMenu';

export interface AttachmentListProps {
  attachIds: readonly string[];
  /** What each file offers (spec §4): 3 (default, details) preview and download, 4 also delete, 5 red header on a PC. */
  roleFlag?: number;
  /** Needed for delete to be offered. */
  onDelete?: (attachId: string) => void;
}

/** Attachments with their menu (details screen, table popover). */
export function AttachmentList({ attachIds, roleFlag = DEFAULT_DETAILS_ROLE_FLAG, onDelete }: AttachmentListProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const idsKey = attachIds.join(',');
  const state = useAsync(() => loadAttachments(request, attachIds), [idsKey, request]);

  if (attachIds.length === 0) return null;
  if (state.status === 'loading') return <Spin size="small" />;
  // Spec §8: a failed attachment list shows an alert.
  if (state.status === 'error') return <Alert type="error" showIcon message={t('runtime.attachments.loadFailed')} description={state.error.message} />;
  return (
    <List
      size="small"
      dataSource={state.value}
      rowKey="attachId"
      renderItem={(attachment) => (
        <List.Item actions={[<AttachmentMenu key="menu" attachment={attachment} roleFlag={roleFlag} onDelete={onDelete} />]}>
          <PaperClipOutlined /> {attachment.name}
        </List.Item>
      )}
    />
  );
}
