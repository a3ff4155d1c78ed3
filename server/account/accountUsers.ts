import { sql } from 'kysely';
import { systemEntity, type ServerContext } from '../context';
import type { UserRecord } from '../auth/loadPrincipal';
import { ApiError } from '../http/ApiError';
import { consumeCode, type CodePurpose } from './verification';

export type AccountUser = UserRecord & { phone?: string | null; email?: string | null };

/** Enabled users with this mobile number (normally one). */
export async function enabledUsersByPhone(ctx: ServerContext, phone: string): Promise<AccountUser[]> {
  const users = systemEntity(ctx, 'User');
  return await ctx.database.db.selectFrom(users.table).selectAll()
    .where('phone', '=', phone).where('status', '=', 1).orderBy('userId', 'asc').limit(5).execute() as AccountUser[];
}

/** Enabled users named by account id or e-mail address (case-insensitive), who have an address to write to. */
export async function enabledUsersByAccountOrEmail(ctx: ServerContext, account: string): Promise<AccountUser[]> {
  const users = systemEntity(ctx, 'User');
  const lower = account.toLowerCase();
  return await ctx.database.db.selectFrom(users.table).selectAll()
    .where((eb) => eb.or([eb('accountId', '=', account), eb(sql`lower(email)`, '=', lower)]))
    .where('status', '=', 1).where('email', 'is not', null).where('email', '<>', '')
    .orderBy('userId', 'asc').limit(5).execute() as AccountUser[];
}

export async function userById(ctx: ServerContext, userId: string): Promise<AccountUser | undefined> {
  const users = systemEntity(ctx, 'User');
  return await ctx.database.db.selectFrom(users.table).selectAll().where('userId', '=', userId).executeTakeFirst() as AccountUser | undefined;
}

/**
 * The one user a correct SMS code stands for: the code is used up first, then the phone must
 * still name exactly one enabled user (a user disabled or a phone changed since the code was
 * sent fails here).
 */
export async function userByPhoneCode(ctx: ServerContext, purpose: CodePurpose, phone: string, code: unknown): Promise<AccountUser> {
  await consumeCode(ctx.database.db, ctx.config.account, purpose, phone, code);
  const users = await enabledUsersByPhone(ctx, phone);
  if (users.length === 0) throw ApiError.business('login.disabled');
  if (users.length > 1) throw ApiError.business('account.phone.ambiguous');
  return users[0];
}
