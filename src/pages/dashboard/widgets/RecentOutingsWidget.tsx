import { Empty, List, Space, Tag, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { integerSetting } from '../../../../runtime/core/portal';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

interface Outing { outId: string; applicantName: string | null; deptName: string | null; destination: string; startTime: string; endTime: string; ongoing: boolean }

/** 'YYYY-MM-DD HH:mm:ss' → 'MM-DD HH:mm': the year and seconds say nothing within a fortnight. */
function short(time: string): string {
  return time.length >= 16 ? time.slice(5, 16) : time;
}

/** Colleagues of the unit who are out, were out or will be out within a week (who, where, when); the first `count`. */
export function RecentOutingsWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const shown = integerSetting('recentOutings', widget.settings, 'count');
  const { state, reload } = useWidgetData<Outing[]>('/get/system/getRecentOutings');
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  if (state.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.outings.none')} />;
  return (
    <List size="small" dataSource={state.data.slice(0, shown)} data-testid="recent-outings"
      renderItem={(outing) => (
        <List.Item key={outing.outId} style={{ paddingInline: 0 }} data-testid={`outing-${outing.outId}`}>
          <List.Item.Meta
            title={(
              <Space size={6} wrap>
                <Typography.Text strong>{outing.applicantName ?? ''}</Typography.Text>
                <Typography.Text type="secondary">{outing.deptName ?? ''}</Typography.Text>
                {outing.ongoing && <Tag color="green">{t('desk.outings.ongoing')}</Tag>}
              </Space>
            )}
            description={(
              <Space direction="vertical" size={0}>
                <Typography.Text><EnvironmentOutlined /> {outing.destination}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('desk.outings.period', { start: short(outing.startTime), end: short(outing.endTime) })}
                </Typography.Text>
              </Space>
            )} />
        </List.Item>
      )} />
  );
}
