/** The participant's vote calls (server/modules/community/voteCalls.ts); their answers' shapes are runtime/core/community. */
export const VOTE_CALLS = {
  pending: '/get/info/getMyPendingVoteList',
  history: '/get/info/getMyVoteHistoryList',
  result: '/get/info/getVoteResult',
  submit: '/set/info/submitVote',
} as const;
