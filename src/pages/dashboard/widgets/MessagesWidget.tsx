import { Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailsPath } from '../../../../runtime/react/paths';
import { RelativeTime } from '../../../components';
import { integerSetting } from '../../../../runtime/core/portal';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

interface Message { messageId: string; title: string; createTime: string }

const MESSAGES_PATH = '/personal/message';
const UNREAD = { page: 1, prop: 'createTime', order: 'descending', filterObj: JSON.stringify({ readFlag: { value: 0, operator: 'eq' } }) };

/** The newest unread system messages (the portal cell's `count` of them), each opening its details, and the way to all of them. */
export function MessagesWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const pageSize = integerSetting('messages', widget.settings, 'count');
  const { state, reload } = useWidgetData<{ list: Message[]; total: number }>('/get/system/getMySysMessageList', { ...UNREAD, pageSize });
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  const { list, total } = state.data;
  return (
    <div data-testid="latest-messages">
      {list.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.messages.none')} />
        : (
          <List size="small" dataSource={list} split={false}
            renderItem={(message) => (
              <List.Item key={message.messageId} style={{ paddingInline: 0 }}
                extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}><RelativeTime time={message.createTime} /></Typography.Text>}>
                <Link to={detailsPath(MESSAGES_PATH, message.messageId)}>
                  <Typography.Text ellipsis style={{ maxWidth: 360 }}>{message.title}</Typography.Text>
                </Link>
              </List.Item>
            )} />
        )}
      <Link to={MESSAGES_PATH} data-testid="messages-all">{t('desk.messages.all', { count: total })}</Link>
    </div>
  );
}
