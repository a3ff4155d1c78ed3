import type { ServerContext } from '../../context';
import { ApiError } from '../../http/ApiError';
import { recordRunLog } from '../../audit/recordRunLog';
import { SendFailure } from '../../adapters/mail/MailAdapter';
import { accountMailAdapter, type SmtpAccount } from '../../adapters/mail/smtpMail';
import type { ImapAccount, InboxPosition } from '../../adapters/mail/imapInbox';
import { secretBoxFor, SecretUnreadable } from '../../security/secretBox';
import { mailEntity } from './mailEntities';
import { plainText } from './afterSend';
import { mailAttachments } from './mailFiles';

/** The secret column of EmailConfig: sealed by the secret box, opened only here. */
export const SECRET = 'mailPassword';

/** One's outside mail account: the newest EmailConfig row, when its 启用外部邮箱 is on. */
export interface OutsideAccount {
  configId: string;
  userId: string;
  address: string;
  displayName: string;
  notifyNewMail: boolean;
  row: Record<string, unknown>;
  /** The account can send (SMTP server, user name, password and an address saved). */
  canSend: boolean;
  /** The account can be fetched (IMAP server, user name and password saved). */
  canFetch: boolean;
  /** Where the fetch of its INBOX stands; null before the first. */
  position: InboxPosition | null;
}

const COLUMNS = [
  'displayName', 'notifyNewMail', 'externalEnabled', 'externalAddress', 'smtpHost', 'smtpPort', 'smtpSsl', 'imapHost', 'imapPort', 'imapSsl',
  'mailAccount', SECRET, 'imapSyncKey', 'imapLastUid', 'imapFetchTime', 'imapFetchStatus', 'createUser',
] as const;

function accountOf(ctx: ServerContext, row: Record<string, unknown>): OutsideAccount {
  const key = mailEntity(ctx, 'EmailConfig').key;
  const text = (name: string) => String(row[name] ?? '').trim();
  const login = Boolean(text('mailAccount') && text(SECRET));
  const address = text('externalAddress') || (text('mailAccount').includes('@') ? text('mailAccount') : '');
  return {
    configId: String(row[key]), userId: String(row.createUser), row, address,
    displayName: text('displayName'),
    notifyNewMail: Number(row.notifyNewMail ?? 1) === 1,
    // Sending needs a From address as well as the server and the login.
    canSend: login && Boolean(text('smtpHost') && address),
    canFetch: login && Boolean(text('imapHost')),
    position: text('imapSyncKey') ? { syncKey: text('imapSyncKey'), lastUid: Number(row.imapLastUid ?? 0) || 0 } : null,
  };
}

/** The caller's outside account in force (their newest settings row), or null when it is off. */
export async function outsideAccountOf(ctx: ServerContext, userId: string): Promise<OutsideAccount | null> {
  const config = mailEntity(ctx, 'EmailConfig');
  const row = await ctx.database.db.selectFrom(config.table).select([config.key, ...COLUMNS])
    .where('createUser', '=', userId).orderBy('updateTime', 'desc').orderBy(config.key, 'desc').limit(1).executeTakeFirst();
  return row && Number(row.externalEnabled) === 1 ? accountOf(ctx, row) : null;
}

/** Every account the fetch job reads: each user's settings in force, on, with an IMAP server and a login. */
export async function fetchableAccounts(ctx: ServerContext): Promise<OutsideAccount[]> {
  const config = mailEntity(ctx, 'EmailConfig');
  const rows = await ctx.database.db.selectFrom(config.table).select([config.key, 'updateTime', ...COLUMNS])
    .orderBy('createUser').orderBy('updateTime', 'desc').orderBy(config.key, 'desc').execute();
  const newest = new Map<string, Record<string, unknown>>();
  for (const row of rows) if (!newest.has(String(row.createUser))) newest.set(String(row.createUser), row);
  return [...newest.values()].filter((row) => Number(row.externalEnabled) === 1).map((row) => accountOf(ctx, row)).filter((a) => a.canFetch);
}

/** The stored password, opened for one login; a value this server cannot open is the user's to enter again. */
function password(ctx: ServerContext, account: OutsideAccount): string {
  try {
    return secretBoxFor(ctx).open(String(account.row[SECRET] ?? ''));
  } catch (error) {
    if (error instanceof SecretUnreadable) throw ApiError.business('email.external.error.secret');
    throw error;
  }
}

export function smtpAccount(ctx: ServerContext, account: OutsideAccount): SmtpAccount {
  const name = account.displayName.replace(/["\\\r\n]/g, '');
  return {
    host: String(account.row.smtpHost).trim(), port: Number(account.row.smtpPort) || 465, secure: Number(account.row.smtpSsl) === 1,
    user: String(account.row.mailAccount).trim(), pass: password(ctx, account),
    from: name ? `"${name}" <${account.address}>` : account.address,
  };
}

export function imapAccount(ctx: ServerContext, account: OutsideAccount): ImapAccount {
  return {
    host: String(account.row.imapHost).trim(), port: Number(account.row.imapPort) || 993, secure: Number(account.row.imapSsl ?? 1) === 1,
    user: String(account.row.mailAccount).trim(), pass: password(ctx, account),
  };
}

export interface OwnSend { emailId: string; to: string[]; subject: string; content: string; attachIds: string[] }

/**
 * The outside addresses of a mail, in one message through the sender's own SMTP account. A
 * refusal is the sender's to see, in their language, with the draft's id (the mail stays in
 * 草稿箱 to be sent again); the server's own words go to the run log.
 */
export async function sendThroughOwnAccount(ctx: ServerContext, account: OutsideAccount, mail: OwnSend): Promise<void> {
  let smtp: SmtpAccount;
  try {
    smtp = smtpAccount(ctx, account);
  } catch (error) {
    // A password this server cannot open: asked for again, the mail kept as the draft it now is.
    if (error instanceof ApiError) throw ApiError.business(error.messageKey, error.params, { emailId: mail.emailId });
    throw error;
  }
  try {
    await accountMailAdapter(smtp, ctx.config.messaging.sendTimeoutMs).send({
      to: mail.to.join(', '), subject: mail.subject, text: plainText(mail.content), html: mail.content || undefined,
      attachments: await mailAttachments(ctx, mail.attachIds),
    });
  } catch (error) {
    if (!(error instanceof SendFailure)) throw error;
    await recordRunLog(ctx, { level: 'warn', event: 'messageUndelivered', message: `email ${mail.emailId} via ${smtp.host}:${smtp.port} (${error.reason}): ${error.detail}`, call: 'POST /capi/set/email/sendEmail' });
    // The server's refusal (550 no such mailbox) helps the sender; a connection error names only the host they typed.
    const detail = error.reason === 'refused' ? error.detail.slice(0, 200) : '';
    throw ApiError.business(`email.external.error.${error.reason}`, { server: `${smtp.host}:${smtp.port}`, detail }, { emailId: mail.emailId });
  }
}
