import { App, Button, Card, Empty, List, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { request } from '../../../request';
import { MobileFrame } from '../../mobile/MobileFrame';
import { VoteChoices } from '../vote/VoteChoices';
import { VoteResultView } from '../vote/VoteResultView';
import { submitBallot, useVoteLists } from '../vote/useVoteLists';
import type { VoteCard, VoteResult } from '../../../../runtime/core/community';
import { VOTE_CALLS } from '../vote/voteTypes';

/** /app/vote: the phone's vote list, to vote and history (the vote family's own screen, not the generic one). */
export function MobileVoteListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pending, history } = useVoteLists();
  const [tab, setTab] = useState<'pending' | 'history'>('pending');
  const rows = tab === 'pending' ? pending : history;
  return (
    <MobileFrame title={t('community.vote.title')} back="/app">
      <Segmented block value={tab} onChange={(v) => setTab(v as 'pending' | 'history')} style={{ marginBottom: 12 }}
        options={[{ value: 'pending', label: t('community.vote.pending') }, { value: 'history', label: t('community.vote.history') }]} />
      {rows === null ? <Spin /> : rows.length === 0 ? <Empty description={t(tab === 'pending' ? 'community.vote.emptyPending' : 'community.vote.emptyHistory')} /> : (
        <List dataSource={rows} rowKey="voteId" renderItem={(v) => (
          <List.Item onClick={() => navigate(`/app/vote/details?voteId=${encodeURIComponent(v.voteId)}`)} style={{ cursor: 'pointer' }} data-testid={`mobile-vote-${v.voteId}`}>
            <List.Item.Meta title={v.title} description={(
              <Space wrap size={6}>
                <span>{t('community.vote.deadline', { time: v.deadline.slice(0, 16) })}</span>
                {v.voted ? <Tag color="blue">{t('community.vote.voted')}</Tag> : <Tag color="green">{t(`entity.Vote.option.status.${v.status}`)}</Tag>}
              </Space>
            )} />
          </List.Item>
        )} />
      )}
    </MobileFrame>
  );
}

/** /app/vote/details?voteId=… (the spec's deep link): vote when it is open and not yet voted, the result otherwise. */
export function MobileVoteDetailsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search] = useSearchParams();
  const voteId = search.get('voteId') ?? '';
  const { pending, reload } = useVoteLists();
  const [result, setResult] = useState<VoteResult | null>(null);
  const [choice, setChoice] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const open: VoteCard | undefined = pending?.find((v) => v.voteId === voteId);
  useEffect(() => {
    if (pending === null || open) return;
    request.get<VoteResult>(VOTE_CALLS.result, { voteId }).then((a) => setResult(a.data), () => undefined);
  }, [pending, open, voteId]);
  const submit = async () => {
    setSending(true);
    try {
      await submitBallot(voteId, choice);
      message.success(t('community.vote.submitted'));
      reload();
    } catch { /* the request layer showed the refusal */ } finally { setSending(false); }
  };
  return (
    <MobileFrame title={open?.title ?? result?.title ?? t('community.vote.title')} back={-1} backFallback="/app/vote">
      {pending === null ? <Spin /> : open ? (
        <Card>
          <Space direction="vertical" style={{ width: '100%' }}>
            {open.description && <Typography.Paragraph type="secondary">{open.description}</Typography.Paragraph>}
            <Typography.Text type="secondary">{t('community.vote.deadline', { time: open.deadline.slice(0, 16) })}</Typography.Text>
            <VoteChoices vote={open} value={choice} onChange={setChoice} />
            <Button type="primary" block size="large" disabled={choice.length === 0} loading={sending} onClick={submit} data-testid="mobile-vote-submit">
              {t('community.vote.submit')}
            </Button>
          </Space>
        </Card>
      ) : result ? <Card><VoteResultView result={result} compact /></Card> : <Spin />}
    </MobileFrame>
  );
}
