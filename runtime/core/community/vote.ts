/**
 * 投票 as both sides read it: the server's calls answer these shapes (server/modules/community/
 * voteCalls.ts) and the screens show them (src/pages/community/vote); the server's write guard
 * and the edit form agree on which settings a cast ballot locks.
 */

export type VoteStatus = 'draft' | 'open' | 'ended';

export interface VoteOption {
  optionKey: string;
  optionText: string;
}

/** A vote as getMyPendingVoteList / getMyVoteHistoryList answer it (the history adds the caller's choices). */
export interface VoteCard {
  voteId: string;
  title: string;
  description: string | null;
  options: VoteOption[];
  multiple: boolean;
  /** 1 for a single-choice vote. */
  maxChoices: number;
  anonymous: boolean;
  deadline: string;
  /** As people see it: an open vote past its deadline is ended. */
  status: VoteStatus;
  voted: boolean;
  voterCount: number;
  /** History only: the caller's choices, null where the vote is anonymous. */
  myChoices?: string[] | null;
}

/** One option of getVoteResult: its count, and who chose it when the vote is named (null when anonymous). */
export interface VoteResultOption extends VoteOption {
  count: number;
  voters: { userId: string; userName: string }[] | null;
}

/** getVoteResult: the card with each option's count. */
export interface VoteResult extends Omit<VoteCard, 'options'> {
  options: VoteResultOption[];
}

/** A vote's options from a stored or submitted value: the sub-table's rows, or their JSON text. */
export function voteOptionsOf(value: unknown): VoteOption[] {
  let rows = value;
  if (typeof rows === 'string') {
    try { rows = JSON.parse(rows); } catch { rows = []; }
  }
  if (!Array.isArray(rows)) return [];
  return rows
    .map((o: Record<string, unknown> | null) => ({ optionKey: String(o?.optionKey ?? '').trim(), optionText: String(o?.optionText ?? '') }))
    .filter((o) => o.optionKey !== '');
}

/**
 * The settings a ballot is cast on: once someone voted, changing them would change what their
 * ballot means. The title, description, deadline, participants and status stay the manager's to
 * change (a deadline extended, a vote ended). The edit form greys these out by the same rule
 * (schemas/community/Vote.json `disabledWhen: "voters"`).
 */
export const BALLOT_LOCKED_FIELDS = ['options', 'multiple', 'maxChoices', 'anonymous'] as const;
export type BallotLockedField = (typeof BALLOT_LOCKED_FIELDS)[number];

const flag = (value: unknown) => value === true || Number(value) === 1;

/** The locked settings `after` changes from `before` (API values of a Vote row); a single-choice vote's maxChoices means nothing. */
export function changedBallotSettings(before: Record<string, unknown>, after: Record<string, unknown>): BallotLockedField[] {
  const most = (row: Record<string, unknown>) => (flag(row.multiple) ? Math.max(1, Number(row.maxChoices) || 1) : 1);
  const same: Record<BallotLockedField, boolean> = {
    options: JSON.stringify(voteOptionsOf(before.options)) === JSON.stringify(voteOptionsOf(after.options)),
    multiple: flag(before.multiple) === flag(after.multiple),
    maxChoices: most(before) === most(after),
    anonymous: flag(before.anonymous) === flag(after.anonymous),
  };
  return BALLOT_LOCKED_FIELDS.filter((field) => !same[field]);
}
