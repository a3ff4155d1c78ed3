import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity } from '../context';
import { ApiError } from '../http/ApiError';
import { recordOperation } from '../audit/recordOperation';
import { targetUsers } from './targetUsers';

/**
 * POST /set/system/logoutUser {id}: 强制下线 from the user list — every session of that user ends
 * (they must sign in again; the account itself is untouched). Needs the User update permission
 * and the user within the caller's data scope (404 outside, as for a password reset); an account
 * of the superuser role only for a caller who holds it; never the caller's own account (the
 * monitor page ends one's other sessions). Logged in the operation log with how many ended.
 */
export const logoutUserCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const users = systemEntity(ctx, 'User');
    requirePermission(principal, users.permissions.update);
    const userId = String(request.params.id ?? request.params.userId ?? '').trim();
    if (userId === '') throw ApiError.business('error.missingId', { key: users.key });
    if (userId === principal.userId) throw ApiError.business('people.logoutUser.notSelf');
    const [user] = await targetUsers(ctx, principal, [userId], 'people.logoutUser.superUser');
    const ended = await ctx.database.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('sys_session').where('userId', '=', userId).executeTakeFirst();
      const count = Number(result.numDeletedRows);
      await recordOperation(trx, principal, { entity: users, action: 'update', recordId: userId, detail: `logoutUser ${count}` }, request.raw.ip);
      return count;
    });
    return { accountId: user.accountId, ended };
  },
};
