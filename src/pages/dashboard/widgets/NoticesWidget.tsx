import { Badge, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { choiceSetting, integerSetting } from '../../../../runtime/core/portal';
import { NOTICE_MINE_PATH, URGENCY_COLORS, noticeViewPath, type NoticeRow, type Page } from '../../info/infoTypes';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

/**
 * 通知公告: the latest notices addressed to me (unread first and bold), each a link to read it;
 * as many as the portal cell's `count`, of its `noticeType` only when one is set.
 */
export function NoticesWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const count = integerSetting('notices', widget.settings, 'count');
  const noticeType = choiceSetting('notices', widget.settings, 'noticeType', 'dictionary');
  const { state, reload } = useWidgetData<Page<NoticeRow>>('/get/info/getMyNoticeList', { page: 1, pageSize: count, ...(noticeType ? { noticeType } : {}) });
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
