import type { MailAdapter } from './MailAdapter';
import type { Outbox } from './outbox';

/** Development mail: written to the outbox (table and log file), never sent; files are named under the text. */
export function outboxMailAdapter(outbox: Outbox): MailAdapter {
  return {
    kind: 'outbox',
    async send(message) {
      const files = message.attachments?.length ? `\n\n[${message.attachments.map((a) => a.filename).join(', ')}]` : '';
      await outbox.write({ channel: 'mail', recipient: message.to, subject: message.subject, body: `${message.text}${files}` });
    },
  };
}
