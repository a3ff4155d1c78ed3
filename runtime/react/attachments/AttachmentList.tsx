import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, List, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAsync } from '../data/useAsync';
import { useRuntime } from '../useRuntime';
import { downloadAttachment, loadAttachments } from './attachmentCalls';
import { useDownloadWithFeedback } from './useDownloadWithFeedback';

export interface AttachmentListProps {
  attachIds: readonly string[];
}

/** Read-only list of attachments with a download button each (details screen, table popover). */
export function AttachmentList({ attachIds }: AttachmentListProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const idsKey = attachIds.join(',');
  const state = useAsync(() => loadAttachments(request, attachIds), [idsKey, request]);
  const download = useDownloadWithFeedback();

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
        <List.Item
          actions={[
            <Button
              key="download"
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              data-testid={`attachment-download-${attachment.attachId}`}
              onClick={() => download(() => downloadAttachment(request, attachment))}
            >
              {t('runtime.action.download')}
            </Button>,
          ]}
        >
          <PaperClipOutlined /> {attachment.name}
        </List.Item>
      )}
    />
  );
}
