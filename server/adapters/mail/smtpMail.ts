import nodemailer from 'nodemailer';
import { SendFailure, type MailAdapter } from './MailAdapter';

/** nodemailer's error codes for "the server could not be reached". */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ESOCKET', 'EDNS', 'ECONNREFUSED']);

/** Mail over SMTP (nodemailer) to the server named by SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`). */
export function smtpMailAdapter(smtpUrl: string, from: string, timeoutMs: number): MailAdapter {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
      } catch (error) {
        const e = error as { code?: string; responseCode?: number; message?: string };
        const text = e.message ?? String(error);
        if (e.responseCode) throw new SendFailure('mail', 'refused', `SMTP ${e.responseCode}: ${text}`);
        if (e.code === 'ETIMEDOUT' || /timeout/i.test(text)) throw new SendFailure('mail', 'timeout', text);
        throw new SendFailure('mail', UNREACHABLE_CODES.has(e.code ?? '') ? 'unreachable' : 'refused', text);
      }
    },
  };
}
