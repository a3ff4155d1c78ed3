import { voteOptionsOf, type VoteOption, type VoteStatus } from '../../../runtime/core/community';
import { splitIds } from '../../entity/rowValues';

/** A vote as its rules read it (API values of an info_vote row). */
export interface VoteRecord {
  voteId: string;
  title: string;
  description: string | null;
  options: VoteOption[];
  multiple: boolean;
  maxChoices: number;
  anonymous: boolean;
  deadline: string;
  allUsers: boolean;
  participantUsers: string[];
  participantDepts: string[];
  status: VoteStatus;
  voters: string[];
  unitId: string;
}

export function voteRecord(row: Record<string, unknown>): VoteRecord {
  return {
    voteId: String(row.voteId), title: String(row.title ?? ''), description: row.description == null ? null : String(row.description),
    options: voteOptionsOf(row.options),
    multiple: Number(row.multiple) === 1, maxChoices: Math.max(1, Number(row.maxChoices) || 1), anonymous: Number(row.anonymous) === 1,
    deadline: String(row.deadline ?? ''), allUsers: Number(row.allUsers) === 1,
    participantUsers: splitIds(row.participantUsers), participantDepts: splitIds(row.participantDepts),
    status: (['draft', 'open', 'ended'].includes(String(row.status)) ? String(row.status) : 'draft') as VoteStatus,
    voters: splitIds(row.voters), unitId: String(row.unitId ?? ''),
  };
}

/** Open for ballots now: published and before its deadline (a passed deadline ends it whatever the stored status says). */
export function isOpen(vote: VoteRecord, now: string): boolean {
  return vote.status === 'open' && now < vote.deadline;
}

/** The state people see: a vote past its deadline is ended. */
export function shownStatus(vote: VoteRecord, now: string): VoteRecord['status'] {
  return vote.status === 'open' && now >= vote.deadline ? 'ended' : vote.status;
}

/**
 * Who is asked: everyone of the vote's unit, or the chosen people and the people of the chosen
 * departments and the departments below them (`deptsAbove`: the caller's department and its parents).
 */
export function isParticipant(vote: VoteRecord, user: { userId: string; unitId: string; deptsAbove: string[] }): boolean {
  if (vote.unitId !== user.unitId) return false;
  if (vote.allUsers) return true;
  return vote.participantUsers.includes(user.userId) || vote.participantDepts.some((d) => user.deptsAbove.includes(d));
}

export type ChoiceRefusal = 'noChoice' | 'unknownOption' | 'singleOnly' | 'tooMany' | 'repeated';

/** Checks a ballot's choices against the vote's options and limits; undefined when it stands. */
export function refuseChoices(vote: VoteRecord, keys: string[]): ChoiceRefusal | undefined {
  if (keys.length === 0) return 'noChoice';
  if (new Set(keys).size !== keys.length) return 'repeated';
  const known = new Set(vote.options.map((o) => o.optionKey));
  if (keys.some((k) => !known.has(k))) return 'unknownOption';
  if (!vote.multiple && keys.length > 1) return 'singleOnly';
  if (vote.multiple && keys.length > vote.maxChoices) return 'tooMany';
  return undefined;
}
