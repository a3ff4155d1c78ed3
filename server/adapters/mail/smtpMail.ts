import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { SendFailure, type MailAdapter } from './MailAdapter';

/** nodemailer's error codes for "the server could not be reached". */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ECONNREFUSED']);

/** A person's own outside mail account, as the mail settings hold it (the password opened just for this send). */
export interface SmtpAccount {
  host: string;
  port: number;
  /** TLS from the first byte (465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  pass: string;
  /** The From line: `"Name" <address>`. */
  from: string;
}

/** Mail over SMTP (nodemailer) to the server named by SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`). */
export function smtpMailAdapter(smtpUrl: string, from: string, timeoutMs: number): MailAdapter {
  return smtpTransportAdapter({ url: smtpUrl }, from, timeoutMs);
}

/** Mail through one's own account: a transport for this send only, closed after it (nothing pools a person's login). */
export function accountMailAdapter(account: SmtpAccount, timeoutMs: number): MailAdapter {
  return smtpTransportAdapter({
    host: account.host, port: account.port, secure: account.secure, auth: { user: account.user, pass: account.pass },
  }, account.from, timeoutMs, true);
}

/**
 * nodemailer is loaded with the first send, not with the server: a suite that sends no mail over
 * SMTP (the outbox in development) does not hold it (with imapflow and mailparser, ~38 MB of RSS).
 */
function smtpTransportAdapter(options: SMTPTransport.Options, from: string, timeoutMs: number, closeAfterSend = false): MailAdapter {
  let opened: Promise<ReturnType<typeof import('nodemailer')['createTransport']>> | undefined;
  const transportOf = () => (opened ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport({
    ...options,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })));
  return {
    kind: 'smtp',
    async send(message) {
      const transport = await transportOf();
      try {
        await transport.sendMail({
          from, to: message.to, subject: message.subject, text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        });
      } catch (error) {
        throw sendFailureOf(error);
      } finally {
        if (closeAfterSend) transport.close();
      }
    },
  };
}

/** nodemailer's error as a SendFailure: the server's answer (refused, or the login refused), a time-out, or no server. */
function sendFailureOf(error: unknown): SendFailure {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const text = e.message ?? String(error);
  if (e.code === 'EAUTH') return new SendFailure('mail', 'auth', e.response ?? text);
  if (e.responseCode) return new SendFailure('mail', 'refused', e.response ?? `SMTP ${e.responseCode}: ${text}`);
  if (e.code === 'ETIMEDOUT' || /timeout/i.test(text)) return new SendFailure('mail', 'timeout', text);
  return new SendFailure('mail', UNREACHABLE_CODES.has(e.code ?? '') ? 'unreachable' : 'refused', text);
}
