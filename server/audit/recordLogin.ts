import type { Db } from '../db/connect';
import { newId, nowText } from '../http/newId';

export interface LoginEvent {
  accountId: string;
  userId?: string | null;
  method: 'password' | 'sms' | 'chat' | 'loginAs' | 'logout';
  result: 'success' | 'failed' | 'locked';
  loginAs?: string | null;
  ip?: string;
  userAgent?: string;
}

/** The login log the auditor reads: every sign-in, failed attempt, sign-in as another account and sign-out. */
export async function recordLogin(db: Db, table: string, event: LoginEvent): Promise<void> {
  const now = nowText();
  await db.insertInto(table).values({
    logId: newId(), accountId: event.accountId.slice(0, 100), userId: event.userId ?? null, method: event.method, result: event.result,
    loginAs: event.loginAs ?? null, ip: (event.ip ?? '').slice(0, 60), userAgent: (event.userAgent ?? '').slice(0, 300),
    createTime: now, updateTime: now,
  }).execute();
}
