import type { VoteCard, VoteResult } from '../../../runtime/core/community';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePage, requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { systemEntity } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { insertNewRow } from '../../entity/insertNewRow';
import { lockRow } from '../../entity/lockRow';
import { rowToApi } from '../../entity/rowValues';
import { rowScopeFor } from '../../entity/dataScope';
import { communityEntity, requiredText } from './communityEntities';
import { isOpen, isParticipant, refuseChoices, shownStatus, voteRecord, type VoteRecord } from './voteRules';

/**
 * 投票: what a participant sees (pending and history), casting a ballot, the result and the
 * status switch. A ballot is one VoteResult row per choice, written here only; the vote's `voters`
 * records who voted, so a second ballot is refused under the vote's row lock and an anonymous
 * vote keeps no voter beside a choice.
 */

/** The page whose grant holds the participant's calls. */
const MY_VOTE_PAGE = 'communityMyVote';
/** Most votes a participant's lists read: the unit's recent ones. */
const LIST_LIMIT = 300;

/** The caller's department and every department above it: a vote for a department asks the people below it too. */
async function deptsAbove(ctx: ServerContext, deptId: string): Promise<string[]> {
  const dept = systemEntity(ctx, 'Dept');
  const chain: string[] = [];
  let current: string | null = deptId || null;
  while (current && !chain.includes(current) && chain.length < 32) {
    chain.push(current);
    const row: Record<string, unknown> | undefined = await ctx.database.db.selectFrom(dept.table).select('parentId').where(dept.key, '=', current).executeTakeFirst();
    current = row?.parentId ? String(row.parentId) : null;
  }
  return chain;
}

async function participantOf(ctx: ServerContext, principal: Principal) {
  return { userId: principal.userId, unitId: principal.unitId, deptsAbove: await deptsAbove(ctx, principal.deptId) };
}

async function loadVote(ctx: ServerContext, db: Db, voteId: string): Promise<{ vote: VoteRecord; row: Record<string, unknown> }> {
  const votes = communityEntity(ctx, 'Vote');
  const stored = await db.selectFrom(votes.table).selectAll().where(votes.key, '=', voteId).executeTakeFirst();
  if (!stored) throw ApiError.notFound('error.recordNotFound');
  const row = { ...rowToApi(votes, stored), unitId: stored.unitId, createUser: stored.createUser, createDept: stored.createDept };
  return { vote: voteRecord(row), row };
}

/** What a participant's lists show of a vote. */
function voteCard(vote: VoteRecord, now: string, userId: string): VoteCard {
  return {
    voteId: vote.voteId, title: vote.title, description: vote.description, options: vote.options, multiple: vote.multiple,
    maxChoices: vote.multiple ? vote.maxChoices : 1, anonymous: vote.anonymous, deadline: vote.deadline,
    status: shownStatus(vote, now), voted: vote.voters.includes(userId), voterCount: vote.voters.length,
  };
}

/** The unit's published votes (open or ended) the caller is asked in, newest deadline first. */
async function myVotes(ctx: ServerContext, principal: Principal): Promise<VoteRecord[]> {
  const votes = communityEntity(ctx, 'Vote');
  const rows = await ctx.database.db.selectFrom(votes.table).selectAll().where('unitId', '=', principal.unitId)
    .where('status', 'in', ['open', 'ended']).orderBy('deadline', 'desc').limit(LIST_LIMIT).execute();
  const me = await participantOf(ctx, principal);
  return rows.map((r) => voteRecord({ ...rowToApi(votes, r), unitId: r.unitId })).filter((v) => isParticipant(v, me));
}

/** GET getMyPendingVoteList: open votes the caller is asked in and has not voted in, soonest deadline first. */
export const getMyPendingVoteListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requirePage(principal, MY_VOTE_PAGE);
    const now = nowText();
    const pending = (await myVotes(request.ctx, principal)).filter((v) => isOpen(v, now) && !v.voters.includes(principal.userId));
    return pending.reverse().map((v) => voteCard(v, now, principal.userId));
  },
};

/** GET getMyVoteHistoryList: votes the caller voted in, or was asked in and that have ended; with the caller's choices where the vote is named. */
export const getMyVoteHistoryListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requirePage(principal, MY_VOTE_PAGE);
    const now = nowText();
    const history = (await myVotes(request.ctx, principal)).filter((v) => v.voters.includes(principal.userId) || !isOpen(v, now));
    const results = communityEntity(request.ctx, 'VoteResult');
    const named = history.filter((v) => !v.anonymous && v.voters.includes(principal.userId)).map((v) => v.voteId);
    const mine = named.length === 0 ? [] : await request.ctx.database.db.selectFrom(results.table).select(['vote', 'optionKey'])
      .where('voter', '=', principal.userId).where('vote', 'in', named).execute();
    return history.map((v) => ({
      ...voteCard(v, now, principal.userId),
      myChoices: v.anonymous ? null : mine.filter((m) => m.vote === v.voteId).map((m) => String(m.optionKey)),
    }));
  },
};

/** `optionKeys` as a list or comma-joined text. */
function choiceKeys(params: Record<string, unknown>): string[] {
  const raw = params.optionKeys;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return list.map((k) => String(k).trim()).filter(Boolean).slice(0, 100);
}

/** POST submitVote {voteId, optionKeys}: one ballot per participant, before the deadline, within the vote's limits. */
export const submitVoteCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requirePage(principal, MY_VOTE_PAGE);
    const { ctx } = request;
    const voteId = requiredText(request.params, 'voteId');
    const keys = choiceKeys(request.params);
    const votes = communityEntity(ctx, 'Vote');
    const results = communityEntity(ctx, 'VoteResult');
    const me = await participantOf(ctx, principal);
    return ctx.database.db.transaction().execute(async (trx) => {
      // Two ballots of one person at once take turns on the vote's row; the second finds the first.
      if (!(await lockRow(trx, votes.table, votes.key, voteId))) throw ApiError.notFound('error.recordNotFound');
      const { vote, row } = await loadVote(ctx, trx, voteId);
      if (!isParticipant(vote, me)) throw ApiError.forbidden('community.vote.notParticipant');
      const now = nowText();
      if (vote.status === 'draft') throw ApiError.business('community.vote.notOpen');
      if (!isOpen(vote, now)) throw ApiError.business('community.vote.ended', { deadline: vote.deadline.slice(0, 16) });
      if (vote.voters.includes(principal.userId)) throw ApiError.business('community.vote.alreadyVoted');
      const refusal = refuseChoices(vote, keys);
      if (refusal) throw ApiError.business(`community.vote.${refusal}`, { max: vote.maxChoices });
      // An anonymous ballot is filed under the vote's creator, without its time, and the voters are
      // kept in id order: nothing links a choice to the person who made it.
      const owner = vote.anonymous ? { userId: String(row.createUser), deptId: String(row.createDept), unitId: vote.unitId } : principal;
      for (const key of keys) {
        const option = vote.options.find((o) => o.optionKey === key)!;
        await insertNewRow(ctx, trx, results, {
          vote: voteId, optionKey: key, optionText: option.optionText, voter: vote.anonymous ? null : principal.userId, voteTime: vote.anonymous ? null : now,
        }, owner);
      }
      const voters = [...vote.voters, principal.userId];
      await trx.updateTable(votes.table).set({ voters: (vote.anonymous ? voters.sort() : voters).join(',') }).where(votes.key, '=', voteId).execute();
      return { voteId, optionKeys: keys };
    });
  },
};

/** May read the vote's result: a manager of votes whose scope reaches it, or a participant. */
async function mayReadResult(ctx: ServerContext, principal: Principal, vote: VoteRecord, row: Record<string, unknown>): Promise<boolean> {
  const votes = communityEntity(ctx, 'Vote');
  if (principal.permissions.has(votes.permissions.list) && (await rowScopeFor(ctx, votes, principal, 'manage')).allows(row)) return true;
  if (!isParticipant(vote, await participantOf(ctx, principal))) return false;
  requirePage(principal, MY_VOTE_PAGE);
  return true;
}

/** GET getVoteResult {voteId}: counts per option; who chose what only when the vote is named. */
export const getVoteResultCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const { vote, row } = await loadVote(ctx, ctx.database.db, requiredText(request.params, 'voteId'));
    if (!(await mayReadResult(ctx, principal, vote, row))) throw ApiError.forbidden('community.vote.resultForbidden');
    const results = communityEntity(ctx, 'VoteResult');
    const users = systemEntity(ctx, 'User');
    const ballots = await ctx.database.db.selectFrom(results.table).select(['optionKey', 'voter']).where('vote', '=', vote.voteId).execute();
    const names = new Map<string, string>();
    if (!vote.anonymous) {
      const ids = [...new Set(ballots.map((b) => String(b.voter ?? '')).filter(Boolean))];
      const rows = ids.length === 0 ? [] : await ctx.database.db.selectFrom(users.table).select([users.key, 'userName']).where(users.key, 'in', ids).execute();
      for (const r of rows) names.set(String(r[users.key]), String(r.userName));
    }
    const now = nowText();
    const result: VoteResult = {
      ...voteCard(vote, now, principal.userId),
      options: vote.options.map((o) => {
        const chosen = ballots.filter((b) => b.optionKey === o.optionKey);
        return {
          ...o, count: chosen.length,
          voters: vote.anonymous ? null : chosen.map((b) => ({ userId: String(b.voter), userName: names.get(String(b.voter)) ?? '' })),
        };
      }),
    };
    return result;
  },
};

const STATUSES = ['draft', 'open', 'ended'] as const;

/** POST setVoteStatus {voteId, status}: publish, end or withdraw a vote; a vote with ballots never returns to draft. */
export const setVoteStatusCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const votes = communityEntity(ctx, 'Vote');
    requirePermission(principal, votes.permissions.update);
    // The list's row action sends the key as `id`.
    const voteId = requiredText(request.params, request.params.voteId === undefined ? 'id' : 'voteId');
    const status = String(request.params.status ?? '');
    if (!(STATUSES as readonly string[]).includes(status)) throw ApiError.business('community.vote.badStatus');
    const scope = await rowScopeFor(ctx, votes, principal, 'manage');
    return ctx.database.db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, votes.table, votes.key, voteId))) throw ApiError.notFound('error.recordNotFound');
      const { vote, row } = await loadVote(ctx, trx, voteId);
      if (!scope.allows(row)) throw ApiError.forbidden('error.outOfScope');
      if (status === 'draft' && vote.voters.length > 0) throw ApiError.business('community.vote.hasBallots');
      if (status === 'open' && vote.options.length < 2) throw ApiError.business('community.vote.fewOptions');
      const stored = await trx.selectFrom(votes.table).select('rowVersion').where(votes.key, '=', voteId).executeTakeFirstOrThrow();
      await trx.updateTable(votes.table).set({ status, updateTime: nowText(), rowVersion: Number(stored.rowVersion ?? 0) + 1 })
        .where(votes.key, '=', voteId).execute();
      return { voteId, status };
    });
  },
};
