import { PaperClipOutlined } from '@ant-design/icons';
import { Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { integerSetting } from '../../../../runtime/core/portal';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

interface UnreadRow { emailId: string; copyId: string; subject: string; senderIdName?: string; sendTime: string | null; importance: string; hasAttachments: boolean }
interface UnreadPage { list: UnreadRow[]; total: number }

const MAILBOX = '/email/mailbox';

/**
 * 未读邮件: the newest unread mail of one's inbox (the mailbox's own call: one's copies only), as
 * many as the portal cell's `count`, each opening in the mailbox.
 */
export function UnreadMailWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const shown = integerSetting('unreadMail', widget.settings, 'count');
  const { state, reload } = useWidgetData<UnreadPage>('/get/email/getMyEmailList', { folder: 'inbox', unread: 1, pageNum: 1, pageSize: shown });
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  if (state.data.list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('email.widget.none')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="unread-mail">
      <List size="small" dataSource={state.data.list}
        renderItem={(row) => (
          <List.Item key={row.copyId} style={{ paddingInline: 0 }} data-testid="unread-mail-row"
            extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{(row.sendTime ?? '').slice(5, 16)}</Typography.Text>}>
            <Space size={6} style={{ minWidth: 0 }}>
              <Typography.Text strong ellipsis style={{ maxWidth: 80 }}>{row.senderIdName ?? ''}</Typography.Text>
              {row.importance !== 'normal' && <Tag color={row.importance === 'urgent' ? 'red' : 'orange'}>{t(`entity.Email.option.importance.${row.importance}`)}</Tag>}
              <Link to={`${MAILBOX}?${new URLSearchParams({ emailId: row.emailId }).toString()}`}>{row.subject}</Link>
              {row.hasAttachments && <PaperClipOutlined />}
            </Space>
          </List.Item>
        )} />
      <Link to={MAILBOX}>{t('email.widget.more')} · {t('email.widget.count', { count: state.data.total })}</Link>
    </Space>
  );
}
