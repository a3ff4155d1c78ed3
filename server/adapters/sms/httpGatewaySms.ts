import { SendFailure } from '../mail/MailAdapter';
import type { SmsAdapter } from './SmsAdapter';

export interface HttpGatewayOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string;
  timeoutMs: number;
  /** The provider's approved signature and template (SmsConfig); sent only when set. */
  signName?: string;
  templateCode?: string;
}

/**
 * An HTTP SMS gateway: `POST <url>` with JSON `{phone, text}` (plus `signName` and `templateCode`
 * when the provider's configuration has them). Any 2xx answer is
 * success; another status, a connection failure or no answer within the time-out is a
 * SendFailure naming what happened (the gateway's answer, shortened, goes to the server log).
 * A gateway answering 2xx with JSON `{success: false}` or `{ok: false}` is taken at its word.
 */
export function httpGatewaySmsAdapter(options: HttpGatewayOptions): SmsAdapter {
  return {
    kind: 'http',
    async send(phone, text) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({
            phone, text,
            ...(options.signName ? { signName: options.signName } : {}),
            ...(options.templateCode ? { templateCode: options.templateCode } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const e = error as Error & { cause?: { code?: string } };
        if (e.name === 'TimeoutError' || e.name === 'AbortError') {
          throw new SendFailure('sms', 'timeout', `no answer from the SMS gateway within ${options.timeoutMs} ms`);
        }
        throw new SendFailure('sms', 'unreachable', `SMS gateway unreachable: ${e.cause?.code ?? e.message}`);
      }
      let body = '';
      try {
        body = await response.text();
      } catch (error) {
        const e = error as Error;
        const reason = e.name === 'TimeoutError' || e.name === 'AbortError' ? 'timeout' : 'unreachable';
        throw new SendFailure('sms', reason, `SMS gateway answer could not be read: ${e.message}`);
      }
      if (!response.ok) throw new SendFailure('sms', 'refused', `SMS gateway answered HTTP ${response.status}: ${body.slice(0, 200)}`);
      try {
        const parsed = JSON.parse(body) as { success?: unknown; ok?: unknown };
        if (parsed && typeof parsed === 'object' && (parsed.success === false || parsed.ok === false)) {
          throw new SendFailure('sms', 'refused', `SMS gateway refused the message: ${body.slice(0, 200)}`);
        }
      } catch (error) {
        if (error instanceof SendFailure) throw error;
        // Not JSON: the 2xx status is the answer.
      }
    },
  };
}
