import type { AddressObject } from 'mailparser';
import { SendFailure } from './MailAdapter';

/** A person's own IMAP account (the password opened just for this fetch). */
export interface ImapAccount {
  host: string;
  port: number;
  /** TLS from the first byte (993); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  pass: string;
}

/**
 * How far the fetch of one INBOX has come: `syncKey` names the mailbox (account and
 * UIDVALIDITY), `lastUid` the last UID taken. A different key means another mailbox, or one
 * whose UIDs were renumbered: the fetch starts again from its newest messages.
 */
export interface InboxPosition { syncKey: string; lastUid: number }

export interface FetchLimits {
  /** Messages taken in one run (the oldest new ones first; a first fetch takes the newest this many). */
  maxMessages: number;
  /** A larger message is not downloaded: it is handed over with `tooLarge` and its size only. */
  maxMessageBytes: number;
  timeoutMs: number;
}

export interface ReceivedFile { filename: string; contentType: string; content: Buffer; cid?: string; inline: boolean }

/** One message of the INBOX, parsed. */
export interface ReceivedMail {
  uid: number;
  size: number;
  tooLarge: boolean;
  messageId: string | null;
  subject: string;
  /** `Name <address>` of the sender. */
  from: string;
  /** The addresses of To and Cc. */
  recipients: string[];
  date: Date | null;
  /** The HTML body as sent (to be cleaned by the caller), or the text body made HTML. */
  html: string;
  text: string;
  priority: 'high' | 'normal' | 'low';
  files: ReceivedFile[];
}

export interface FetchOutcome { position: InboxPosition; taken: number; more: boolean }

/**
 * Reads the new messages of one account's INBOX over IMAP (imapflow; mailparser for the MIME),
 * read-only (nothing is marked seen or moved on the server), and hands each to `take` in UID
 * order. `take` stores it; the position moves past a message only once it returned, so a run
 * cut short takes the same message again next time (the caller's Message-ID key drops the
 * double). Failures are SendFailures of the mail channel: `auth`, `unreachable`, `timeout`, or
 * `refused` (anything else the server or the connection did).
 */
export async function fetchInbox(
  account: ImapAccount, since: InboxPosition | null, limits: FetchLimits, take: (mail: ReceivedMail, position: InboxPosition) => Promise<void>,
): Promise<FetchOutcome> {
  // Loaded with the first fetch (as nodemailer in smtpMail.ts): most servers never fetch external mail.
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow({
    host: account.host, port: account.port, secure: account.secure, auth: { user: account.user, pass: account.pass },
    logger: false, disableAutoIdle: true, disableCompression: true,
    connectionTimeout: limits.timeoutMs, greetingTimeout: limits.timeoutMs, socketTimeout: limits.timeoutMs * 3,
    // A server announcing more than the largest message we take is not believed.
    maxLiteralSize: limits.maxMessageBytes + 1024 * 1024, maxResponseSize: limits.maxMessageBytes + 2 * 1024 * 1024,
  });
  // A dropped connection also emits 'error'; the awaited command rejects with it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const mailbox = client.mailbox || null;
      const uidValidity = mailbox ? String(mailbox.uidValidity) : '0';
      const syncKey = `${account.user.toLowerCase()}@${account.host.toLowerCase()}:${account.port}/INBOX;${uidValidity}`;
      const fresh = !since || since.syncKey !== syncKey;
      const after = fresh ? 0 : since.lastUid;
      // `n:*` names the last message even when its UID is below n (RFC 3501): filter again here.
      const listed = mailbox && mailbox.exists > 0
        ? (await client.fetchAll(`${after + 1}:*`, { uid: true, size: true }, { uid: true })).filter((m) => m.uid > after)
        : [];
      listed.sort((a, b) => a.uid - b.uid);
      // A first fetch starts at the newest messages; the older ones stay on the server.
      const chosen = fresh ? listed.slice(-limits.maxMessages) : listed.slice(0, limits.maxMessages);
      const position: InboxPosition = { syncKey, lastUid: fresh && chosen.length ? chosen[0]!.uid - 1 : after };
      if (fresh && listed.length === 0) position.lastUid = Math.max(0, Number(mailbox?.uidNext ?? 1) - 1);
      for (const item of chosen) {
        const size = Number(item.size ?? 0);
        const tooLarge = size > limits.maxMessageBytes;
        const source = tooLarge ? null : (await client.fetchOne(String(item.uid), { uid: true, source: true }, { uid: true }) || null)?.source ?? null;
        await take(source ? await parse(item.uid, size, source) : tooLargeMail(item.uid, size), { ...position, lastUid: item.uid });
        position.lastUid = item.uid;
      }
      return { position, taken: chosen.length, more: !fresh && listed.length > chosen.length };
    } finally {
      lock.release();
    }
  } catch (error) {
    if (error instanceof SendFailure) throw error;
    throw fetchFailureOf(error);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

async function parse(uid: number, size: number, source: Buffer): Promise<ReceivedMail> {
  // cid: links stay, so the caller can point them at the stored inline images.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(source, { keepCidLinks: true, skipImageLinks: true });
  const addresses = (value: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value).map((a) => a.address ?? '').filter(Boolean);
  return {
    uid, size, tooLarge: false,
    messageId: mail.messageId ?? null,
    subject: mail.subject ?? '',
    from: mail.from?.text ?? '',
    recipients: [...addresses(mail.to), ...addresses(mail.cc)],
    date: mail.date ?? null,
    html: typeof mail.html === 'string' ? mail.html : mail.textAsHtml ?? '',
    text: mail.text ?? '',
    priority: priorityOf(mail.headers.get('priority')),
    files: mail.attachments.map((a) => ({
      filename: a.filename ?? '', contentType: a.contentType, content: a.content, cid: a.cid, inline: a.contentDisposition === 'inline' && Boolean(a.cid),
    })),
  };
}

/** mailparser folds Priority, X-Priority, X-MSMail-Priority and Importance into one `priority` header. */
function priorityOf(value: unknown): ReceivedMail['priority'] {
  return value === 'high' || value === 'low' ? value : 'normal';
}

function tooLargeMail(uid: number, size: number): ReceivedMail {
  return { uid, size, tooLarge: true, messageId: null, subject: '', from: '', recipients: [], date: null, html: '', text: '', priority: 'normal', files: [] };
}

/** imapflow's error as a SendFailure of the mail channel; `detail` is for the server's log. */
function fetchFailureOf(error: unknown): SendFailure {
  const e = error as { code?: string; authenticationFailed?: boolean; responseText?: string; message?: string };
  const detail = `${e.code ?? ''} ${e.responseText ?? e.message ?? String(error)}`.trim();
  if (e.authenticationFailed) return new SendFailure('mail', 'auth', detail);
  if (/TIMEOUT/i.test(e.code ?? '') || /timed? ?out/i.test(e.message ?? '')) return new SendFailure('mail', 'timeout', detail);
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'NoConnection'].includes(e.code ?? '')) {
    return new SendFailure('mail', 'unreachable', detail);
  }
  return new SendFailure('mail', 'refused', detail);
}
