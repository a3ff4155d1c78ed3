import type { Db } from '../db/connect';
import type { AccountConfig } from '../config';
import { ApiError } from '../http/ApiError';
import { newId } from '../http/newId';

/** What is being sent: SMS codes and reset mails share the per-IP budget; registrations have their own. */
export type SendKind = 'sms' | 'mail' | 'register';

const HOUR_MS = 3_600_000;

function startOfToday(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/**
 * Records one send request and refuses it when a limit is exceeded: a daily number per target
 * (phone or account), one per target per interval, an hourly number per client IP. The row
 * is written first and the limits counted afterwards, including it, so two requests racing
 * each other cannot both slip under a limit; a refused request's row is removed again.
 * The limits apply whether or not the phone or account exists: the answer must not tell.
 */
export async function admitSend(db: Db, config: AccountConfig, kind: SendKind, target: string, ip: string): Promise<void> {
  const now = Date.now();
  const sendId = newId();
  await db.insertInto('sys_send_log').values({ sendId, kind, target, ip, sentAt: now }).execute();
  const refuse = async (error: ApiError): Promise<never> => {
    await db.deleteFrom('sys_send_log').where('sendId', '=', sendId).execute();
    throw error;
  };

  const ipKinds = kind === 'register' ? ['register'] : ['sms', 'mail'];
  const ipLimit = kind === 'register' ? config.registerIpHourlyLimit : config.sendIpHourlyLimit;
  const ipCount = await db.selectFrom('sys_send_log').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', 'in', ipKinds).where('ip', '=', ip).where('sentAt', '>', now - HOUR_MS).executeTakeFirst();
  if (Number(ipCount?.n ?? 0) > ipLimit) {
    return refuse(ApiError.business(kind === 'register' ? 'account.throttle.registerIp' : 'account.throttle.ip', { limit: ipLimit }));
  }
  if (kind === 'register') return;

  // The daily limit first: once it is reached, "try again in N seconds" would only lead to it.
  const today = await db.selectFrom('sys_send_log').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind).where('target', '=', target).where('sentAt', '>=', startOfToday(now)).executeTakeFirst();
  if (Number(today?.n ?? 0) > config.sendDailyLimit) {
    return refuse(ApiError.business(kind === 'sms' ? 'account.throttle.dailySms' : 'account.throttle.dailyMail', { limit: config.sendDailyLimit }));
  }
  if (config.sendIntervalSeconds > 0) {
    const windowStart = now - config.sendIntervalSeconds * 1000;
    const recent = await db.selectFrom('sys_send_log').select(['sendId', 'sentAt'])
      .where('kind', '=', kind).where('target', '=', target).where('sentAt', '>', windowStart)
      .orderBy('sentAt', 'asc').orderBy('sendId', 'asc').execute();
    const first = recent[0];
    if (first && first.sendId !== sendId) {
      const wait = Math.max(1, Math.ceil((Number(first.sentAt) + config.sendIntervalSeconds * 1000 - now) / 1000));
      return refuse(ApiError.business('account.throttle.interval', { seconds: wait }));
    }
  }
}

/** Rows older than two days count towards no limit; removed now and then so the table stays small. */
export async function purgeSendLog(db: Db): Promise<void> {
  await db.deleteFrom('sys_send_log').where('sentAt', '<', Date.now() - 48 * HOUR_MS).execute();
}
