import { Badge, Empty, List, Space, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailsPath } from '../../../../runtime/react/paths';
import { safeHref } from '../../../../runtime/core/links';
import { choiceSetting, switchSetting } from '../../../../runtime/core/portal';
import { RelativeTime } from '../../../components';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';
import { BpmTodoSection } from './BpmTodoSection';

interface PendingItem { id: string; label: string; state: string; stateLabel: string; stateColor: string | null; createTime: string }
interface PendingGroup { entity: string; title: string; path: string | null; count: number; items: PendingItem[] }
interface PendingInfo { groups: PendingGroup[]; total: number; unreadMessages: number }

const MESSAGES_PATH = '/personal/message';

/**
 * What waits for the user: unread messages, the workflow to-dos (of the portal cell's
 * `processKey` only, when set) and, unless the cell's `records` is off, per entity with a flow
 * how many records and the newest few.
 */
export function PendingInfoWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const processKey = choiceSetting('pendingInfo', widget.settings, 'processKey', 'process');
  const records = switchSetting('pendingInfo', widget.settings, 'records');
  const { state, reload } = useWidgetData<PendingInfo>('/get/system/getPendingInfo');
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  const { unreadMessages } = state.data;
  const groups = records ? state.data.groups : [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="pending-info">
      <Link to={MESSAGES_PATH} data-testid="pending-unread-messages">
        <BellOutlined /> {t('desk.pending.unreadMessages', { count: unreadMessages })}
      </Link>
      <BpmTodoSection processKey={processKey} />
      {records && groups.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.pending.nothing')} />}
      {/* A group's path is a stored menu path: linked only when it is a safe link (runtime/core/links/safeLink.ts). */}
      {groups.map((group) => ({ ...group, path: safeHref(group.path) })).map((group) => (
        <div key={group.entity} data-testid={`pending-group-${group.entity}`}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>
              {t(group.title)} <Badge count={group.count} overflowCount={999} data-testid={`pending-count-${group.entity}`} />
            </Typography.Text>
            {group.path && <Link to={group.path}>{t('desk.pending.all')}</Link>}
          </Space>
          <List size="small" dataSource={group.items} split={false}
            renderItem={(item) => (
              <List.Item key={item.id} style={{ paddingInline: 0 }}
                extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}><RelativeTime time={item.createTime} /></Typography.Text>}>
                <Space size={6} style={{ minWidth: 0 }}>
                  <Tag color={item.stateColor ?? undefined}>{t(item.stateLabel)}</Tag>
                  {group.path
                    ? <Link to={detailsPath(group.path, item.id)} data-testid={`pending-item-${item.id}`}>{item.label}</Link>
                    : <Typography.Text data-testid={`pending-item-${item.id}`}>{item.label}</Typography.Text>}
                </Space>
              </List.Item>
            )} />
        </div>
      ))}
    </Space>
  );
}
