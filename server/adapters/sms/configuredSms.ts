import type { SmsAdapter } from './SmsAdapter';
import { httpGatewaySmsAdapter } from './httpGatewaySms';
import { SendFailure } from '../mail/MailAdapter';

/** The SMS provider an administrator enabled (SmsConfig, 短信配置). */
export interface SmsProvider {
  providerType: 'http' | 'outbox';
  gatewayUrl: string | null;
  signName: string;
  templateCode: string;
}

export interface ConfiguredSmsOptions {
  /** The enabled provider now, or undefined when none is enabled. */
  readProvider(): Promise<SmsProvider | undefined>;
  outbox: SmsAdapter;
  /** What the environment chose (SMS_GATEWAY_URL or the outbox): used while no provider is enabled. */
  fallback: SmsAdapter;
  /** The gateway's access token stays in the environment (SMS_GATEWAY_TOKEN), never in the database. */
  token?: string;
  timeoutMs: number;
}

/**
 * SMS through the provider enabled on the configuration screen, read at each send so a change
 * applies at once in every server process; without an enabled provider, the environment's choice.
 */
export function configuredSmsAdapter(options: ConfiguredSmsOptions): SmsAdapter {
  return {
    kind: 'configured',
    async send(phone, text) {
      const provider = await options.readProvider();
      if (!provider) return options.fallback.send(phone, text);
      if (provider.providerType === 'outbox') return options.outbox.send(phone, text);
      if (!provider.gatewayUrl) throw new SendFailure('sms', 'refused', 'the enabled SMS provider has no gateway URL');
      return httpGatewaySmsAdapter({
        url: provider.gatewayUrl, token: options.token, timeoutMs: options.timeoutMs,
        signName: provider.signName, templateCode: provider.templateCode,
      }).send(phone, text);
    },
  };
}
