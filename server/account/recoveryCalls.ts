import type { CallHandler, CallRequest, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { hashPassword } from '../auth/passwords';
import { messagingFor } from './messagingFor';
import { normalisePhone } from './phone';
import { clientIp } from './clientIp';
import { admitSend } from './throttle';
import { consumeTicket, issueTicket, peekTicket } from './verification';
import { deliver } from './deliver';
import { enabledUsersByAccountOrEmail, userByPhoneCode, userById } from './accountUsers';
import { checkNewPassword } from './passwordPolicy';

/** The browser page an e-mailed link opens. */
export const RESET_BY_EMAIL_PATH = '/resetPasswordByEmail';

/**
 * `GET|POST /get/system/verificationPhone?phone&code`: checks a code sent with
 * `sendMessage?type=retrieve` and answers the account's user name with a one-time reset ticket
 * for retrievePassword (30 minutes).
 */
const verificationPhoneCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const { ctx } = request;
    const phone = normalisePhone(request.params.phone);
    const user = await userByPhoneCode(ctx, 'retrieve', phone, request.params.code);
    const ticket = await issueTicket(ctx.database.db, ctx.config.account, user.userId);
    return { userName: user.userName, accountId: user.accountId, ticket, expiresIn: ctx.config.account.ticketSeconds };
  },
};

/** `GET /get/system/checkResetTicket?ticket`: whose password a ticket (or e-mailed token) resets, without using it. */
const checkResetTicketCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const { ctx } = request;
    const user = await userById(ctx, await peekTicket(ctx.database.db, request.params.ticket ?? request.params.token));
    if (!user || Number(user.status) !== 1) throw ApiError.business('account.ticket.invalid');
    return { userName: user.userName, accountId: user.accountId };
  },
};

/**
 * `GET|POST /get/system/retrievePassword?ticket&password[&password2]` (also `token` for the
 * e-mailed link): sets the new password once. The password is checked before the ticket is
 * used, so a weak password does not cost the user their ticket. Every session of the account
 * ends: whoever knew the old password is signed out.
 */
const retrievePasswordCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const { ctx } = request;
    const password = checkNewPassword(request.params.password, request.params.password2);
    const { db } = ctx.database;
    const userId = await consumeTicket(db, request.params.ticket ?? request.params.token);
    const user = await userById(ctx, userId);
    if (!user || Number(user.status) !== 1) throw ApiError.business('login.disabled');
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('sys_credential').set({ passwordHash, updateTime: nowText() }).where('userId', '=', userId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('sys_credential').values({ userId, passwordHash, updateTime: nowText() }).execute();
      await trx.deleteFrom('sys_session').where('userId', '=', userId).execute();
    });
    return { accountId: user.accountId };
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The origin e-mailed links point at: PUBLIC_URL, else the origin the browser used. */
function publicOrigin(request: CallRequest): string {
  const configured = request.ctx.config.account.publicUrl;
  if (configured) return configured;
  return `${request.raw.protocol}://${request.raw.host}`;
}

/**
 * `GET|POST /get/system/sendResetPasswordEmail?account=` (account id or e-mail address): mails
 * a link to /resetPasswordByEmail?token=… to the account's address. Answered identically
 * whether or not such an account exists, and throttled like SMS codes.
 */
const sendResetPasswordEmailCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const { ctx, t } = request;
    const config = ctx.config.account;
    const account = String(request.params.account ?? request.params.email ?? request.params.accountId ?? '').trim();
    if (account === '' || account.length > 100) throw ApiError.business('account.mail.accountRequired');
    await admitSend(ctx.database.db, config, 'mail', account.toLowerCase(), clientIp(request.raw));
    const users = await enabledUsersByAccountOrEmail(ctx, account);
    const minutes = Math.max(1, Math.round(config.ticketSeconds / 60));
    for (const user of users) {
      const ticket = await issueTicket(ctx.database.db, config, user.userId);
      const link = `${publicOrigin(request)}${RESET_BY_EMAIL_PATH}?token=${encodeURIComponent(ticket)}`;
      const values = { app: t('shell.appName'), userName: user.userName, accountId: user.accountId, minutes, link };
      const text = t('account.mail.resetText', values);
      const html = t('account.mail.resetHtml', {
        ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(String(v))])),
      });
      await deliver(request, () => messagingFor(ctx).mail.send({ to: String(user.email), subject: t('account.mail.resetSubject', values), text, html }));
    }
    return { expiresIn: config.ticketSeconds };
  },
};

export function registerRecoveryCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'verificationPhone'), verificationPhoneCall);
  table.set(callKey('get', 'system', 'checkResetTicket'), checkResetTicketCall);
  table.set(callKey('get', 'system', 'retrievePassword'), retrievePasswordCall);
  table.set(callKey('get', 'system', 'sendResetPasswordEmail'), sendResetPasswordEmailCall);
}
