import type { MailAdapter } from './MailAdapter';
import type { Outbox } from './outbox';

/** Development mail: written to the outbox (table and log file), never sent. */
export function outboxMailAdapter(outbox: Outbox): MailAdapter {
  return {
    kind: 'outbox',
    async send(message) {
      await outbox.write({ channel: 'mail', recipient: message.to, subject: message.subject, body: message.text });
    },
  };
}
