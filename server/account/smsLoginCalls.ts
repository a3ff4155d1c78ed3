import { assertLoginAllowed } from '../system/maintenance';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { ApiError } from '../http/ApiError';
import { sessionAnswer } from '../system/sessionCalls';
import { messagingFor } from './messagingFor';
import { normalisePhone } from './phone';
import { clientIp } from './clientIp';
import { admitSend, purgeSendLog } from './throttle';
import { issueCode, purgeVerifications, voidCodes, type CodePurpose } from './verification';
import { deliver } from './deliver';
import { enabledUsersByPhone, userByPhoneCode } from './accountUsers';

function purposeOf(value: unknown): CodePurpose {
  const text = String(value ?? 'login').trim();
  if (text === '' || text === 'login') return 'login';
  if (text === 'retrieve') return 'retrieve';
  throw ApiError.business('account.code.badPurpose');
}

/**
 * `GET /get/system/sendMessage?phone=&type=login|retrieve`: a six-digit code by SMS, for
 * signing in (default) or recovering a password. Sent only when an enabled user has this
 * phone, but answered identically either way (and throttled either way), so the call cannot
 * be used to find out which numbers belong to users.
 */
const sendMessageCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const { ctx, t } = request;
    const config = ctx.config.account;
    const purpose = purposeOf(request.params.type ?? request.params.purpose);
    const phone = normalisePhone(request.params.phone);
    await admitSend(ctx.database.db, config, 'sms', phone, clientIp(request.raw));
    const users = await enabledUsersByPhone(ctx, phone);
    if (users.length > 0) {
      const code = await issueCode(ctx.database.db, config, purpose, phone);
      const text = t(purpose === 'login' ? 'account.sms.loginText' : 'account.sms.retrieveText', {
        app: t('shell.appName'), code, minutes: Math.max(1, Math.round(config.codeSeconds / 60)),
      });
      await deliver(request, () => messagingFor(ctx).sms.send(phone, text), () => voidCodes(ctx.database.db, purpose, phone));
    }
    // Now and then, not on every call: old rows count towards no limit.
    if (Math.random() < 0.05) await Promise.all([purgeSendLog(ctx.database.db), purgeVerifications(ctx.database.db)]);
    return { interval: config.sendIntervalSeconds, expiresIn: config.codeSeconds };
  },
};

/** `GET|POST /get/system/smsVerification?phone&code`: signs in with the code; the same answer as /get/system/login. */
const smsVerificationCall: CallHandler = {
  auth: 'public',
  async handle(request) {
    const { ctx } = request;
    const phone = normalisePhone(request.params.phone);
    const user = await userByPhoneCode(ctx, 'login', phone, request.params.code);
    await assertLoginAllowed(ctx, user);
    return sessionAnswer(request, user, null, 'sms');
  },
};

export function registerSmsLoginCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'sendMessage'), sendMessageCall);
  table.set(callKey('get', 'system', 'smsVerification'), smsVerificationCall);
}
