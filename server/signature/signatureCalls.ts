import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { admitSend } from '../account/throttle';
import { clientIp } from '../account/clientIp';
import { issueCode, voidCodes } from '../account/verification';
import { deliver } from '../account/deliver';
import { messagingFor } from '../account/messagingFor';
import { phoneOf, signatureOf } from './signerVerification';

/** '13812345678' → '138****5678': enough for the user to recognise, not to collect. */
function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/**
 * `GET /get/system/getMySignature`: whether the signed-in user confirms flow decisions, and how,
 * so the decision dialog can ask for the password or offer to send a code.
 */
const getMySignature: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const signature = await signatureOf(request.ctx, principal.userId);
    if (!signature) return { required: false, verifyMethod: null, hasImage: false, phone: null };
    const phone = signature.verifyMethod === 'sms' ? await phoneOf(request.ctx, principal.userId) : null;
    return { required: true, verifyMethod: signature.verifyMethod, hasImage: signature.signImage !== null, phone: phone ? maskPhone(phone) : null };
  },
};

/** `POST /set/system/sendSignCode`: a signing code by SMS to the user's own phone (throttled like sign-in codes). */
const sendSignCode: CallHandler = {
  auth: 'session',
  async handle(request) {
    const { ctx, t } = request;
    const principal = requirePrincipal(request);
    const signature = await signatureOf(ctx, principal.userId);
    if (signature?.verifyMethod !== 'sms') throw ApiError.business('signature.smsNotUsed');
    const phone = await phoneOf(ctx, principal.userId);
    if (!phone) throw ApiError.business('signature.noPhone');
    const config = ctx.config.account;
    await admitSend(ctx.database.db, config, 'sms', phone, clientIp(request.raw));
    const code = await issueCode(ctx.database.db, config, 'sign', phone);
    const text = t('signature.smsText', { app: t('shell.appName'), code, minutes: Math.max(1, Math.round(config.codeSeconds / 60)) });
    await deliver(request, () => messagingFor(ctx).sms.send(phone, text), () => voidCodes(ctx.database.db, 'sign', phone));
    return { interval: config.sendIntervalSeconds, expiresIn: config.codeSeconds, phone: maskPhone(phone) };
  },
};

export function registerSignatureCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getMySignature'), getMySignature);
  table.set(callKey('set', 'system', 'sendSignCode'), sendSignCode);
}
