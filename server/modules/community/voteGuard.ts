import { changedBallotSettings, voteOptionsOf } from '../../../runtime/core/community';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { lockRow } from '../../entity/lockRow';
import { splitIds } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';

/**
 * The generic insert and update of a vote (投票管理). Once a ballot is cast, the options and how
 * they are chosen (single or multiple, the most choices, anonymity) are what that ballot was cast
 * on, so they stay as they are; the title, description, deadline, participants and status remain
 * the manager's (a deadline extended, a vote ended). The screen greys the same fields out
 * (schemas/community/Vote.json `disabledWhen`); this is the rule.
 */
export const guardVoteSettings: BeforeWriteHook = async ({ trx, entity, action, record, existing, id, t }) => {
  if (action === 'update' && existing && id !== undefined) {
    // submitVote holds the same row while it adds a voter: a ballot cast after the form was
    // loaded is seen here, not after this update committed.
    await lockRow(trx, entity.table, entity.key, id);
    const stored = await trx.selectFrom(entity.table).select('voters').where(entity.key, '=', id).executeTakeFirst();
    const ballots = splitIds(stored?.voters).length;
    if (ballots > 0) {
      const changed = changedBallotSettings(existing, record);
      if (changed.length > 0) {
        const message = t('community.vote.lockedAfterBallots', { count: ballots });
        throw ApiError.business('community.vote.lockedAfterBallots', { count: ballots }, { errors: changed.map((field) => ({ field, message })) });
      }
      if (record.status === 'draft') throw ApiError.business('community.vote.hasBallots');
    }
  }
  if (record.status === 'open' && voteOptionsOf(record.options).length < 2) throw ApiError.business('community.vote.fewOptions');
};
