import { Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailsPath } from '../../../../runtime/react/paths';
import { RelativeTime } from '../../../components';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

interface Message { messageId: string; title: string; createTime: string }

const MESSAGES_PATH = '/personal/message';
const LATEST = 5;
const UNREAD = { page: 1, pageSize: LATEST, prop: 'createTime', order: 'descending', filterObj: JSON.stringify({ readFlag: { value: 0, operator: 'eq' } }) };

/** The newest unread system messages, each opening its details, and the way to all of them. */
export function MessagesWidget() {
  const { t } = useTranslation();
  const { state, reload } = useWidgetData<{ list: Message[]; total: number }>('/get/system/getMySysMessageList', UNREAD);
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
