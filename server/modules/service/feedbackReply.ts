import type { TransitionEffect } from '../../entity/transitionEffects';
import { nowText } from '../../http/newId';
import { requireEntity } from '../infohub/requireEntity';

/**
 * Feedback's `reply` transition: who replied and when, stamped in the transition's transaction (the
 * reply text is the transition's own field). The submitter reads both in their my list and details.
 */
export const stampFeedbackReply: TransitionEffect = async ({ ctx, trx, row, principal }) => {
  const entity = requireEntity(ctx, 'Feedback');
  await trx.updateTable(entity.table).set({ replier: principal.userId, replyTime: nowText() })
    .where(entity.key, '=', String(row[entity.key])).execute();
};
