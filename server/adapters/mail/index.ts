import type { MessagingConfig } from '../../config';
import type { Db } from '../../db/connect';
import type { SmsAdapter } from '../sms/SmsAdapter';
import { outboxSmsAdapter } from '../sms/outboxSms';
import { httpGatewaySmsAdapter } from '../sms/httpGatewaySms';
import { configuredSmsAdapter, type SmsProvider } from '../sms/configuredSms';
import type { MailAdapter } from './MailAdapter';
import { createOutbox } from './outbox';
import { outboxMailAdapter } from './outboxMail';
import { smtpMailAdapter } from './smtpMail';

export type { MailAdapter, MailMessage } from './MailAdapter';
export { SendFailure } from './MailAdapter';
export { createOutbox, outboxLogPath, OUTBOX_TABLE, type Outbox, type OutboxEntry, type OutboxMessage } from './outbox';

export interface Messaging {
  sms: SmsAdapter;
  mail: MailAdapter;
}

/**
 * The adapters the configuration chooses: a real endpoint when configured, else the outbox. SMS
 * follows the provider enabled on the SMS configuration screen when `readSmsProvider` finds one.
 */
export function createMessaging(config: MessagingConfig, db: Db, dataDir: string, readSmsProvider?: () => Promise<SmsProvider | undefined>): Messaging {
  const outbox = createOutbox(db, dataDir);
  const outboxSms = outboxSmsAdapter(outbox);
  const environmentSms = config.smsGatewayUrl
    ? httpGatewaySmsAdapter({ url: config.smsGatewayUrl, token: config.smsGatewayToken, timeoutMs: config.sendTimeoutMs })
    : outboxSms;
  return {
    sms: readSmsProvider
      ? configuredSmsAdapter({ readProvider: readSmsProvider, outbox: outboxSms, fallback: environmentSms, token: config.smsGatewayToken, timeoutMs: config.sendTimeoutMs })
      : environmentSms,
    mail: config.smtpUrl ? smtpMailAdapter(config.smtpUrl, config.mailFrom, config.sendTimeoutMs) : outboxMailAdapter(outbox),
  };
}
