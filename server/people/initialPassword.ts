import type { CallRequest } from '../calls/CallHandler';
import type { Db } from '../db/connect';
import type { ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { translatorFor, type Lang } from '../http/serverI18n';
import { hashPassword } from '../auth/passwords';
import { messagingFor } from '../account/messagingFor';
import { issueTicket } from '../account/verification';

/**
 * `sys_initial_password` remembers the hash of a password the system issued (to a new account,
 * or by initialising one). While the account's credential still has exactly that hash, the
 * password was never changed: signing in with it leads to setting a new one first. Any change
 * of the password — by the user, by recovery, by an administrator — ends this by itself, since
 * a new hash never equals the old one (every hash has its own salt).
 */
export const INITIAL_PASSWORD_TABLE = 'sys_initial_password';

export interface InitialPasswordUser {
  userId: string;
  accountId: string;
  userName: string;
  phone?: unknown;
  email?: unknown;
  language?: unknown;
}

export type DeliveryChannel = 'sms' | 'mail';

/** SMS when the user has a mobile number, else mail when an address; null: no way to tell the user. */
export function deliveryChannelOf(user: InitialPasswordUser): DeliveryChannel | null {
  if (typeof user.phone === 'string' && user.phone.trim() !== '') return 'sms';
  if (typeof user.email === 'string' && user.email.trim() !== '') return 'mail';
  return null;
}

/** Stores the password as the account's credential and marks it as issued by the system. */
export async function storeInitialPassword(db: Db, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = nowText();
  await db.insertInto('sys_credential').values({ userId, passwordHash, updateTime: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ passwordHash, updateTime: now })).execute();
  await db.insertInto(INITIAL_PASSWORD_TABLE).values({ userId, passwordHash, createTime: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ passwordHash, createTime: now })).execute();
}

/**
 * Tells the user their password through the SMS or mail adapter (the outbox in development), in
 * the user's own language. `purpose` picks the words: a new account, or an initialised one.
 */
export async function deliverInitialPassword(
  ctx: ServerContext, user: InitialPasswordUser, password: string, purpose: 'created' | 'initialised',
): Promise<DeliveryChannel> {
  const channel = deliveryChannelOf(user);
  if (!channel) throw ApiError.business('people.init.noChannel', { accountId: user.accountId });
  const t = translatorFor(ctx.i18n, (user.language === 'en' ? 'en' : 'zh-cn') as Lang);
  const values = { app: t('shell.appName'), userName: user.userName, accountId: user.accountId, password };
  const text = t(`people.password.${purpose}Text`, values);
  const messaging = messagingFor(ctx);
  if (channel === 'sms') await messaging.sms.send(String(user.phone).trim(), text);
  else await messaging.mail.send({ to: String(user.email).trim(), subject: t(`people.password.${purpose}Subject`, values), text });
  return channel;
}

/** True while the stored credential is still the password the system issued. */
export async function isInitialPassword(db: Db, userId: string, passwordHash: string): Promise<boolean> {
  const row = await db.selectFrom(INITIAL_PASSWORD_TABLE).select('passwordHash').where('userId', '=', userId).executeTakeFirst();
  return row !== undefined && String(row.passwordHash) === passwordHash;
}

/**
 * Password sign-in with an issued password: no session; instead a one-time reset ticket (the one
 * password recovery uses), with which the sign-in page asks for a new password at once. The
 * refusal is code 100 with `data.mustChangePassword`.
 */
export async function refuseInitialPasswordSignIn(request: CallRequest, user: { userId: string; accountId: string; userName: string }, passwordHash: string): Promise<void> {
  const { ctx } = request;
  if (!(await isInitialPassword(ctx.database.db, user.userId, passwordHash))) return;
  const ticket = await issueTicket(ctx.database.db, ctx.config.account, user.userId);
  throw ApiError.business('people.login.mustChangePassword', {}, {
    mustChangePassword: true, ticket, accountId: user.accountId, userName: user.userName, expiresIn: ctx.config.account.ticketSeconds,
  });
}

