import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';
import { nowText } from '../http/newId';

/** Only the token's hash is stored: a leaked database does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession { token: string; tokenHash: string; expiresAt: number }

/**
 * `parentTokenHash` names the session a login-as session was made from: the child lives only as
 * long as its parent (signed out, kicked or expired, the child answers 401 too).
 */
export async function createSession(
  db: Db, userId: string, lifetimeSeconds: number, meta: { ip?: string; userAgent?: string; loginAs?: string; parentTokenHash?: string },
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expiresAt = Date.now() + lifetimeSeconds * 1000;
  await db.insertInto('sys_session').values({
    tokenHash, userId, createTime: nowText(), expiresAt,
    ip: meta.ip ?? null, userAgent: (meta.userAgent ?? '').slice(0, 300), loginAs: meta.loginAs ?? null,
    parentTokenHash: meta.parentTokenHash ?? null,
  }).execute();
  return { token, tokenHash, expiresAt };
}

/** `expiresAt`: when this session ends, its parent's end included (epoch ms). */
export interface SessionUser { userId: string; loginAs: string | null; expiresAt: number }

export async function findSessionUser(db: Db, tokenHash: string): Promise<SessionUser | undefined> {
  const now = Date.now();
  const row = await db.selectFrom('sys_session as s').leftJoin('sys_session as p', 'p.tokenHash', 's.parentTokenHash')
    .select(['s.userId', 's.loginAs', 's.expiresAt', 's.parentTokenHash', 'p.expiresAt as parentExpiresAt'])
    .where('s.tokenHash', '=', tokenHash).where('s.expiresAt', '>', now).executeTakeFirst();
  if (!row) return undefined;
  // A child whose parent is gone is gone too, however its own row got left behind.
  if (row.parentTokenHash && !(Number(row.parentExpiresAt) > now)) return undefined;
  const expiresAt = row.parentTokenHash ? Math.min(Number(row.expiresAt), Number(row.parentExpiresAt)) : Number(row.expiresAt);
  return { userId: String(row.userId), loginAs: row.loginAs === null || row.loginAs === undefined ? null : String(row.loginAs), expiresAt };
}

/** Ends the session and the login-as sessions made from it. */
export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sys_session').where((eb) => eb.or([eb('tokenHash', '=', tokenHash), eb('parentTokenHash', '=', tokenHash)])).execute();
}

/**
 * Expired rows are useless, and so are children of sessions that ended (kicked users' sessions
 * are deleted by user); removed on each sign-in so the table stays small.
 */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('sys_session').where('expiresAt', '<=', Date.now()).execute();
  await db.deleteFrom('sys_session').where('parentTokenHash', 'is not', null)
    .where('parentTokenHash', 'not in', db.selectFrom('sys_session as p').select('p.tokenHash')).execute();
}
