import { Badge, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTICE_MINE_PATH, URGENCY_COLORS, noticeViewPath, type NoticeRow, type Page } from '../../info/infoTypes';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

const DEFAULT_COUNT = 6;

/** 通知公告: the latest notices addressed to me (unread first and bold), each a link to read it. */
export function NoticesWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const count = Number(widget.settings?.count) > 0 ? Math.min(Number(widget.settings?.count), 20) : DEFAULT_COUNT;
  const { state, reload } = useWidgetData<Page<NoticeRow>>('/get/info/getMyNoticeList', { page: 1, pageSize: count });
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  if (state.data.list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('info.desk.noNotices')} />;
  return (
    <div data-testid="notices-widget">
      <List size="small" dataSource={state.data.list}
        renderItem={(row) => (
          <List.Item key={row.noticeId} style={{ paddingInline: 0 }} data-testid={`desk-notice-${row.noticeId}`}
            extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{row.publishTime?.slice(5, 10)}</Typography.Text>}>
            <Space size={6} style={{ minWidth: 0 }}>
              {!row.read && <Badge status="error" />}
              {row.urgency !== 'normal' && <Tag color={URGENCY_COLORS[row.urgency]} style={{ marginInlineEnd: 0 }}>{t(`entity.Notice.urgency.${row.urgency}`)}</Tag>}
              <Link to={noticeViewPath(row.noticeId)} style={{ fontWeight: row.read ? 400 : 600 }}>
                <Typography.Text ellipsis style={{ maxWidth: 360, color: 'inherit', fontWeight: 'inherit' }}>{row.title}</Typography.Text>
              </Link>
            </Space>
          </List.Item>
        )} />
      <Link to={NOTICE_MINE_PATH}>{t('info.desk.moreNotices')}</Link>
    </div>
  );
}
