import { Button, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { VoteCard } from '../../../../runtime/core/community';
import { integerSetting } from '../../../../runtime/core/portal';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

const MY_VOTES_PATH = '/community/vote/mine';

/** 待投票: the open votes waiting for the user's ballot, soonest deadline first (getMyPendingVoteList); the first `count`. */
export function VotesPendingWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const shown = integerSetting('votesPending', widget.settings, 'count');
  const { state, reload } = useWidgetData<VoteCard[]>('/get/info/getMyPendingVoteList', {});
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  if (state.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('community.vote.emptyPending')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="votes-pending">
      <List size="small" dataSource={state.data.slice(0, shown)} rowKey="voteId" renderItem={(v) => (
        <List.Item style={{ paddingInline: 0 }} extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('community.vote.deadline', { time: v.deadline.slice(5, 16) })}</Typography.Text>}>
          <Link to={MY_VOTES_PATH} data-testid={`votes-pending-${v.voteId}`}>{v.title}</Link>
        </List.Item>
      )} />
      {state.data.length > shown && <Link to={MY_VOTES_PATH}><Button type="link" size="small">{t('community.vote.widgetMore', { count: state.data.length })}</Button></Link>}
    </Space>
  );
}
