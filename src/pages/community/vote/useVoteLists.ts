import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../request';
import type { VoteCard } from '../../../../runtime/core/community';
import { VOTE_CALLS } from './voteTypes';

/** The caller's pending votes and history, reloaded after a ballot. */
export function useVoteLists() {
  const [pending, setPending] = useState<VoteCard[] | null>(null);
  const [history, setHistory] = useState<VoteCard[] | null>(null);
  const reload = useCallback(() => {
    request.get<VoteCard[]>(VOTE_CALLS.pending).then((a) => setPending(a.data), () => setPending([]));
    request.get<VoteCard[]>(VOTE_CALLS.history).then((a) => setHistory(a.data), () => setHistory([]));
  }, []);
  useEffect(reload, [reload]);
  return { pending, history, reload };
}

/** Casts the ballot; the server's refusal is shown by the request layer. */
export async function submitBallot(voteId: string, optionKeys: string[]): Promise<void> {
  await request.postJson(VOTE_CALLS.submit, { voteId, optionKeys });
}
