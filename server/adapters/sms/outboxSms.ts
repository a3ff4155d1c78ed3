import type { Outbox } from '../mail/outbox';
import type { SmsAdapter } from './SmsAdapter';

/** Development SMS: written to the outbox (table and log file), never sent. */
export function outboxSmsAdapter(outbox: Outbox): SmsAdapter {
  return {
    kind: 'outbox',
    async send(phone, text) {
      await outbox.write({ channel: 'sms', recipient: phone, subject: '', body: text });
    },
  };
}
