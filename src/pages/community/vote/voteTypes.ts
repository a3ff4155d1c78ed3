/** A vote as getMyPendingVoteList / getMyVoteHistoryList answer it (server/modules/community/voteCalls.ts). */
export interface VoteCard {
  voteId: string;
  title: string;
  description: string | null;
  options: { optionKey: string; optionText: string }[];
  multiple: boolean;
  maxChoices: number;
  anonymous: boolean;
  deadline: string;
  status: 'draft' | 'open' | 'ended';
  voted: boolean;
  voterCount: number;
  myChoices?: string[] | null;
}

/** getVoteResult: each option's count, and its voters when the vote is named. */
export interface VoteResult extends Omit<VoteCard, 'options'> {
  options: { optionKey: string; optionText: string; count: number; voters: { userId: string; userName: string }[] | null }[];
}

export const VOTE_CALLS = {
  pending: '/get/info/getMyPendingVoteList',
  history: '/get/info/getMyVoteHistoryList',
  result: '/get/info/getVoteResult',
  submit: '/set/info/submitVote',
} as const;
