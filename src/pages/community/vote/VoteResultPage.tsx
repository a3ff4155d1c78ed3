import { Button, Card, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { request } from '../../../request';
import { VoteResultView } from './VoteResultView';
import type { VoteResult } from '../../../../runtime/core/community';
import { VOTE_CALLS } from './voteTypes';

/** 投票结果 (/community/vote/result/:voteId): for participants and vote managers. */
export function VoteResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { voteId = '' } = useParams();
  const [result, setResult] = useState<VoteResult | null | false>(null);
  useEffect(() => {
    let current = true;
    request.get<VoteResult>(VOTE_CALLS.result, { voteId }).then((a) => { if (current) setResult(a.data); }, () => { if (current) setResult(false); });
    return () => { current = false; };
  }, [voteId]);
  return (
    <Card loading={result === null} title={result ? result.title : t('community.vote.resultTitle')}
      extra={<Button onClick={() => navigate(-1)}>{t('community.vote.back')}</Button>} data-testid="vote-result-page">
      {result === false ? <Result status="warning" title={t('community.vote.resultForbidden')} /> : result && <VoteResultView result={result} />}
    </Card>
  );
}
