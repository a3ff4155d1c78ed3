import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity } from '../context';
import { pendingGroups } from './pendingGroups';

/**
 * GET getPendingInfo: what waits for the signed-in user (pendingGroups) and how many system
 * messages are unread. Every signed-in user may ask: it reveals only records the user can read.
 */
export const getPendingInfoCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const groups = await pendingGroups(ctx, principal);
    const messages = await ctx.database.db.selectFrom(systemEntity(ctx, 'SysMessage').table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('receiverId', '=', principal.userId).where('readFlag', '=', 0).executeTakeFirst();
    return {
      groups,
      total: groups.reduce((sum, group) => sum + group.count, 0),
      unreadMessages: Number(messages?.count ?? 0),
    };
  },
};
