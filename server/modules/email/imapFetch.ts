import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { translatorFor } from '../../http/serverI18n';
import { errorEntry, recordRunLog } from '../../audit/recordRunLog';
import { sendMessage } from '../../messages/sendMessage';
import type { Job } from '../../scheduler/jobs';
import { SendFailure } from '../../adapters/mail/MailAdapter';
import { fetchInbox } from '../../adapters/mail/imapInbox';
import { MAILBOX_PERMISSION, mailEntity } from './mailEntities';
import { fetchableAccounts, imapAccount, outsideAccountOf, type OutsideAccount } from './externalMail';
import { storeReceivedMail, type MailOwner } from './receivedMail';

const MB = 1024 * 1024;

/**
 * One run takes at most this many messages of an account (the next run goes on), and downloads
 * none larger than this: such a mail arrives as a note with its size, to be read at the provider.
 */
export const FETCH_LIMITS = { maxMessages: 50, maxMessageBytes: 25 * MB } as const;

/** Accounts being fetched in this process: a second fetch of one account waits for the next turn. */
const running = new Set<string>();

export interface FetchResult { fetched: number; more: boolean }

/**
 * The new mail of one outside INBOX into its owner's 收件箱 (server/adapters/mail/imapInbox.ts
 * reads it, receivedMail.ts stores it), and the outcome on the settings row: where the fetch
 * stands, when it ran and how it went — `ok`, or why not (`auth`, `unreachable`, `timeout`,
 * `refused`, `secret`: the stored password cannot be opened with this server's key).
 */
export async function fetchAccount(ctx: ServerContext, account: OutsideAccount, owner: MailOwner): Promise<FetchResult> {
  const config = mailEntity(ctx, 'EmailConfig');
  const { db } = ctx.database;
  // Not updateTime: the settings in force are the newest the person saved, and a fetch saves nothing of theirs.
  const mark = async (on: Db, values: Record<string, unknown>) => {
    await on.updateTable(config.table).set(values).where(config.key, '=', account.configId).execute();
  };
  if (running.has(account.configId)) throw ApiError.business('email.external.error.busy');
  running.add(account.configId);
  try {
    const t = translatorFor(ctx.i18n, owner.language === 'en' ? 'en' : 'zh-cn');
    const imap = imapAccount(ctx, account);
    let fetched = 0;
    const outcome = await fetchInbox(imap, account.position, { ...FETCH_LIMITS, timeoutMs: ctx.config.messaging.sendTimeoutMs }, async (mail, position) => {
      const stored = await storeReceivedMail(ctx, owner, mail, position, t, (on) => mark(on, { imapSyncKey: position.syncKey, imapLastUid: position.lastUid }));
      if (stored) fetched += 1;
    });
    await mark(db, { imapSyncKey: outcome.position.syncKey, imapLastUid: outcome.position.lastUid, imapFetchTime: nowText(), imapFetchStatus: 'ok' });
    return { fetched, more: outcome.more };
  } catch (error) {
    const status = error instanceof SendFailure ? error.reason
      : error instanceof ApiError && error.messageKey === 'email.external.error.secret' ? 'secret' : null;
    if (status) await mark(db, { imapFetchTime: nowText(), imapFetchStatus: status });
    throw error;
  } finally {
    running.delete(account.configId);
  }
}

/** fetchExternalMail (收取邮件): the caller's outside INBOX fetched now; answers how many mails came in. */
export const fetchExternalMailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requirePermission(principal, MAILBOX_PERMISSION);
    const { ctx } = request;
    const account = await outsideAccountOf(ctx, principal.userId);
    if (!account?.canFetch) throw ApiError.business('email.external.error.notConfigured');
    try {
      return await fetchAccount(ctx, account, principal);
    } catch (error) {
      if (!(error instanceof SendFailure)) throw error;
      await recordRunLog(ctx, { level: 'warn', event: 'messageUndelivered', message: `fetch of config ${account.configId} (${error.reason}): ${error.detail}`, call: 'POST /capi/set/email/fetchExternalMail' });
      const server = `${String(account.row.imapHost).trim()}:${Number(account.row.imapPort) || 993}`;
      throw ApiError.business(`email.external.error.${error.reason}`, { server, detail: error.reason === 'refused' ? error.detail.slice(0, 200) : '' });
    }
  },
};

/** The owner of an account, when still an active user. */
async function ownerOf(ctx: ServerContext, userId: string): Promise<MailOwner | null> {
  const users = systemEntity(ctx, 'User');
  const row = await ctx.database.db.selectFrom(users.table).select(['userId', 'deptId', 'unitId', 'language'])
    .where('userId', '=', userId).where('status', '=', 1).executeTakeFirst();
  return row ? { userId: String(row.userId), deptId: String(row.deptId ?? ''), unitId: String(row.unitId ?? ''), language: String(row.language ?? '') } : null;
}

/**
 * The job fetchExternalMail: every account that is on and can be fetched, one after the other;
 * one account's failure (its status on its settings row) does not stop the others. Owners who keep
 * new-mail messages on hear how many mails came in.
 */
export const fetchExternalMail: Job = async (ctx) => {
  let fetched = 0;
  let accounts = 0;
  let failed = 0;
  for (const account of await fetchableAccounts(ctx)) {
    const owner = await ownerOf(ctx, account.userId);
    if (!owner) continue;
    try {
      const result = await fetchAccount(ctx, account, owner);
      accounts += 1;
      fetched += result.fetched;
      if (result.fetched > 0 && account.notifyNewMail) {
        const t = translatorFor(ctx.i18n, owner.language === 'en' ? 'en' : 'zh-cn');
        await sendMessage(ctx, ctx.database.db, { receiverId: owner.userId, msgType: 'system', link: '/email/mailbox', title: t('email.external.message.fetched', { count: result.fetched }) });
      }
    } catch (error) {
      failed += 1;
      if (!(error instanceof SendFailure) && !(error instanceof ApiError)) await recordRunLog(ctx, errorEntry('taskFailed', error, 'fetchExternalMail'));
    }
  }
  return `fetched ${fetched} mails from ${accounts} accounts${failed ? `; ${failed} accounts failed (their status is on their mail settings)` : ''}`;
};
