import type { CallRequest } from '../calls/CallHandler';
import { ApiError } from '../http/ApiError';
import { SendFailure } from '../adapters/mail';
import { recordRunLog } from '../audit/recordRunLog';

/**
 * Runs one send through an adapter. A failure is logged with its detail on the server and
 * answered with a plain, localised "could not send" (code 100) — never a 500, never the
 * gateway's address in the client's message.
 */
export async function deliver(request: CallRequest, send: () => Promise<void>, onFailure?: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!(error instanceof SendFailure)) throw error;
    request.raw.log.error({ channel: error.channel, reason: error.reason }, error.detail);
    if (!request.ctx.config.logger) console.error(`[${error.channel}] ${error.message}`);
    // The reason code only; the detail (the gateway's own answer) stays in the process log above.
    await recordRunLog(request.ctx, { level: 'warn', event: 'sendFailed', message: `${error.channel}: ${error.reason}`, call: request.raw.url.split('?')[0] });
    await onFailure?.();
    throw ApiError.business(error.channel === 'sms' ? 'account.send.smsFailed' : 'account.send.mailFailed');
  }
}
