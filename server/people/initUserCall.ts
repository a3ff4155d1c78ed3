import type { CallHandler } from '../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity } from '../context';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { readIdList } from '../http/normaliseBody';
import { recordOperation } from '../audit/recordOperation';
import { generatedPassword } from '../system/passwordCalls';
import { deliverInitialPassword, deliveryChannelOf, storeInitialPassword, type DeliveryChannel, type InitialPasswordUser } from './initialPassword';
import { failureReason } from './failureReason';
import { targetUsers } from './targetUsers';
import { SendFailure } from '../adapters/mail';

const MAX_USERS = 100;

/**
 * POST /set/system/initUser {id | ids[]}: returns accounts to their first day. For each user, in
 * one transaction: a new random initial password (to be replaced at the next password sign-in),
 * every session ended, the personal settings cleared (column settings and every other entry of
 * the user settings table, saved filters, the chosen theme colour). Then the password is sent by
 * SMS (or mail when there is no mobile number) through the delivery adapters; nobody else ever
 * sees it. Needs the User update permission. Refused before anything changes: unknown ids and
 * users outside the caller's data scope (404, peopleScope.ts),
 * the caller's own account, accounts of the superuser role unless the caller holds it (403), and
 * users with neither mobile number nor e-mail address (code 100). A delivery that fails after
 * the commit is answered with code 100 naming the accounts (initialise them again once their
 * number or address is fixed).
 */
export const initUserCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const users = systemEntity(ctx, 'User');
    requirePermission(principal, users.permissions.update);
    const ids = [...new Set([...readIdList(request.params.ids), ...readIdList(request.params.id)])];
    if (ids.length === 0) throw ApiError.business('error.missingId', { key: users.key });
    if (ids.length > MAX_USERS) throw ApiError.business('error.tooManyIds', { max: MAX_USERS });
    const { db } = ctx.database;
    if (ids.includes(principal.userId)) throw ApiError.business('people.initUser.notSelf');
    const rows = await targetUsers(ctx, principal, ids, 'people.initUser.superUser');
    const targets = rows as unknown as (InitialPasswordUser & Record<string, unknown>)[];
    const unreachable = targets.filter((u) => !deliveryChannelOf(u)).map((u) => u.accountId);
    if (unreachable.length > 0) throw ApiError.business('people.initUser.noChannel', { accounts: unreachable.join('、') });

    const initialised: { accountId: string; channel: DeliveryChannel }[] = [];
    const failed: { accountId: string; reason: string }[] = [];
    for (const user of targets) {
      const password = generatedPassword();
      await db.transaction().execute(async (trx) => {
        await storeInitialPassword(trx, user.userId, password);
        await trx.deleteFrom('sys_session').where('userId', '=', user.userId).execute();
        await trx.deleteFrom('sys_user_setting').where('userId', '=', user.userId).execute();
        await trx.deleteFrom('sys_common_filter').where('userId', '=', user.userId).execute();
        await trx.updateTable(users.table).set({ theme: null, updateTime: nowText() }).where(users.key, '=', user.userId).execute();
        await recordOperation(trx, principal, { entity: users, action: 'update', recordId: user.userId, detail: 'initUser' }, request.raw.ip);
      });
      try {
        initialised.push({ accountId: user.accountId, channel: await deliverInitialPassword(ctx, user, password, 'initialised') });
      } catch (error) {
        // The detail may name the gateway's host: the log gets it, the client only the kind of failure.
        request.raw.log.error({ accountId: user.accountId }, `initial password not delivered: ${failureReason(error)}`);
        failed.push({ accountId: user.accountId, reason: error instanceof SendFailure ? error.reason : 'refused' });
      }
    }
    if (failed.length > 0) {
      throw ApiError.business('people.initUser.notDelivered', { accounts: failed.map((f) => f.accountId).join('、') }, { initialised, failed });
    }
    return { initialised };
  },
};
