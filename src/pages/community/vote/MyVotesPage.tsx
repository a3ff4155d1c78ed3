import { App, Button, Card, Empty, List, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { VoteChoices } from './VoteChoices';
import { submitBallot, useVoteLists } from './useVoteLists';
import type { VoteCard } from '../../../../runtime/core/community';

/** 我的投票: votes waiting for the user's ballot, and the history with the user's choices and the results. */
export function MyVotesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pending, history, reload } = useVoteLists();
  const [voting, setVoting] = useState<VoteCard | null>(null);
  const [choice, setChoice] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  const open = (vote: VoteCard) => { setChoice([]); setVoting(vote); };
  const submit = async () => {
    if (!voting) return;
    setSending(true);
    try {
      await submitBallot(voting.voteId, choice);
      message.success(t('community.vote.submitted'));
      const voted = voting.voteId;
      setVoting(null);
      reload();
      navigate(`/community/vote/result/${encodeURIComponent(voted)}`);
    } catch { /* the request layer showed the refusal */ } finally {
      setSending(false);
    }
  };

  const meta = (v: VoteCard) => (
    <Space wrap size={12}>
      <span>{t('community.vote.deadline', { time: v.deadline.slice(0, 16) })}</span>
      <span>{v.multiple ? t('community.vote.multiple', { max: v.maxChoices }) : t('community.vote.single')}</span>
      {v.anonymous && <Tag>{t('community.vote.anonymous')}</Tag>}
      <span>{t('community.vote.voterCount', { count: v.voterCount })}</span>
    </Space>
  );
  const list = (rows: VoteCard[] | null, empty: string, action: (v: VoteCard) => ReactNode, extra?: (v: VoteCard) => ReactNode) => (
    rows && rows.length === 0 ? <Empty description={empty} /> : (
      <List loading={rows === null} dataSource={rows ?? []} rowKey="voteId" renderItem={(v) => (
        <List.Item data-testid={`vote-row-${v.voteId}`} actions={[action(v)]}>
          <List.Item.Meta title={<Typography.Text strong>{v.title}</Typography.Text>} description={<Space direction="vertical" size={2}>{v.description && <span>{v.description}</span>}{meta(v)}{extra?.(v)}</Space>} />
        </List.Item>
      )} />
    )
  );

  return (
    <Card title={t('community.vote.title')} data-testid="my-votes">
      <Tabs items={[
        { key: 'pending', label: `${t('community.vote.pending')}${pending?.length ? ` (${pending.length})` : ''}`,
          children: list(pending, t('community.vote.emptyPending'), (v) => <Button type="primary" data-testid={`vote-open-${v.voteId}`} onClick={() => open(v)}>{t('community.vote.vote')}</Button>) },
        { key: 'history', label: t('community.vote.history'),
          children: list(history, t('community.vote.emptyHistory'),
            (v) => <Button data-testid={`vote-result-${v.voteId}`} onClick={() => navigate(`/community/vote/result/${encodeURIComponent(v.voteId)}`)}>{t('community.vote.result')}</Button>,
            (v) => (
              <Space size={8}>
                <Tag color={v.status === 'ended' ? 'orange' : 'green'}>{t(`entity.Vote.option.status.${v.status}`)}</Tag>
                <Tag color={v.voted ? 'blue' : 'default'}>{t(v.voted ? 'community.vote.voted' : 'community.vote.notVoted')}</Tag>
                {v.myChoices && v.myChoices.length > 0 && <span>{t('community.vote.myChoices', { choices: v.myChoices.join('、') })}</span>}
              </Space>
            )) },
      ]} />
      <Modal open={voting !== null} title={voting?.title} onCancel={() => setVoting(null)} destroyOnClose
        okText={t('community.vote.submit')} onOk={submit} okButtonProps={{ disabled: choice.length === 0, loading: sending, ...({ 'data-testid': 'vote-submit' } as Record<string, string>) }}>
        {voting && (
          <Space direction="vertical" style={{ width: '100%' }}>
            {voting.description && <Typography.Paragraph type="secondary">{voting.description}</Typography.Paragraph>}
            <VoteChoices vote={voting} value={choice} onChange={setChoice} />
          </Space>
        )}
      </Modal>
    </Card>
  );
}
