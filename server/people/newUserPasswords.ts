import { callKey, type CallRequest, type CallTable } from '../calls/CallHandler';
import { systemEntity, type ServerContext } from '../context';
import { generatedPassword } from '../system/passwordCalls';
import { deliverInitialPassword, deliveryChannelOf, storeInitialPassword, type DeliveryChannel, type InitialPasswordUser } from './initialPassword';
import { failureReason } from './failureReason';
import { runAfter } from './runAfter';

interface Issued { accountId: string; channel: DeliveryChannel | null; delivered: boolean }

/**
 * A new account that has no password yet and a mobile number or e-mail address gets a random
 * initial password, sent to it (and to be replaced at the first password sign-in). Without
 * either there is nobody to tell: the account stays without a password until an administrator
 * initialises it or resets its password. A failed send leaves the account without a password
 * (the stored one is taken back) and is logged; the insert itself stands.
 */
async function issueFor(request: CallRequest, userIds: string[]): Promise<Issued[]> {
  const { ctx } = request;
  const { db } = ctx.database;
  const users = systemEntity(ctx, 'User');
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom(users.table).selectAll().where(users.key, 'in', userIds).execute() as unknown as InitialPasswordUser[];
  const withPassword = new Set((await db.selectFrom('sys_credential').select('userId').where('userId', 'in', userIds).execute()).map((r) => String(r.userId)));
  const issued: Issued[] = [];
  for (const user of rows) {
    if (withPassword.has(user.userId)) continue;
    const channel = deliveryChannelOf(user);
    if (!channel) {
      issued.push({ accountId: user.accountId, channel: null, delivered: false });
      continue;
    }
    const password = generatedPassword();
    await storeInitialPassword(db, user.userId, password);
    try {
      await deliverInitialPassword(ctx, user, password, 'created');
      issued.push({ accountId: user.accountId, channel, delivered: true });
    } catch (error) {
      request.raw.log.error({ accountId: user.accountId }, `initial password not delivered: ${failureReason(error)}`);
      await db.deleteFrom('sys_credential').where('userId', '=', user.userId).execute();
      await db.deleteFrom('sys_initial_password').where('userId', '=', user.userId).execute();
      issued.push({ accountId: user.accountId, channel, delivered: false });
    }
  }
  return issued;
}

/**
 * insertUser and importUser: after the commit, initial passwords for the new accounts. The answer
 * gains `$initialPassword` {channel, delivered} (insert) or `$initialPasswords` {delivered,
 * undelivered} (import): channel null means the account has no number or address to send to.
 */
export function issuePasswordsToNewUsers(table: CallTable, ctx: ServerContext): void {
  const users = systemEntity(ctx, 'User');
  const base = ctx.registry.modules.get(users.module)!.base;
  runAfter(table, callKey('set', base, `insert${users.name}`), async (request, answer) => {
    const userId = answer?.[users.key];
    if (!answer || typeof userId !== 'string') return;
    const [issued] = await issueFor(request, [userId]).catch(() => []);
    if (issued) answer.$initialPassword = { channel: issued.channel, delivered: issued.delivered };
  });
  runAfter(table, callKey('set', base, `import${users.name}`), async (request, answer, started) => {
    if (!answer || !request.principal) return;
    const created = await ctx.database.db.selectFrom(users.table).select(users.key)
      .where('createUser', '=', request.principal.userId).where('createTime', '>=', started).execute();
    const issued = await issueFor(request, created.map((r) => String(r[users.key]))).catch(() => []);
    answer.$initialPasswords = { delivered: issued.filter((i) => i.delivered).length, undelivered: issued.filter((i) => !i.delivered).map((i) => i.accountId) };
  });
}
