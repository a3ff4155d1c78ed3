/** A file sent with a mail, read from disk while sending. */
export interface MailAttachment {
  filename: string;
  path: string;
  contentType?: string;
}

/** One e-mail; `html` is optional, `text` is always sent (plain-text clients, the outbox). */
export interface MailMessage {
  /** One address, or several joined by commas (one message they all see). */
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** Where e-mail goes: the outbox in development, an SMTP server when SMTP_URL is set. */
export interface MailAdapter {
  /** 'outbox' or 'smtp', for logs and the README. */
  readonly kind: string;
  /** Resolves when the message was handed over; rejects with a SendFailure otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** `auth`: the server refused the account's user name or password (one's own SMTP or IMAP account). */
export type SendFailureReason = 'timeout' | 'unreachable' | 'refused' | 'auth';

/**
 * A message that could not be handed over. `detail` is for the server log only (it may name
 * hosts); the client gets a plain "could not send" message.
 */
export class SendFailure extends Error {
  constructor(public readonly channel: 'sms' | 'mail', public readonly reason: SendFailureReason, public readonly detail: string) {
    super(`${channel} not sent (${reason}): ${detail}`);
    this.name = 'SendFailure';
  }
}
