import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';
import { nowText } from '../http/newId';

/** Only the token's hash is stored: a leaked database does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession { token: string; tokenHash: string; expiresAt: number }

export async function createSession(
  db: Db, userId: string, lifetimeSeconds: number, meta: { ip?: string; userAgent?: string; loginAs?: string },
): Promise<NewSession> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expiresAt = Date.now() + lifetimeSeconds * 1000;
  await db.insertInto('sys_session').values({
    tokenHash, userId, createTime: nowText(), expiresAt,
    ip: meta.ip ?? null, userAgent: (meta.userAgent ?? '').slice(0, 300), loginAs: meta.loginAs ?? null,
  }).execute();
  return { token, tokenHash, expiresAt };
}

export async function findSessionUser(db: Db, tokenHash: string): Promise<{ userId: string; loginAs: string | null } | undefined> {
  const row = await db.selectFrom('sys_session').select(['userId', 'loginAs'])
    .where('tokenHash', '=', tokenHash).where('expiresAt', '>', Date.now()).executeTakeFirst();
  return row as { userId: string; loginAs: string | null } | undefined;
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sys_session').where('tokenHash', '=', tokenHash).execute();
}

/** Expired rows are useless; removed at start and on each sign-in so the table stays small. */
export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('sys_session').where('expiresAt', '<=', Date.now()).execute();
}
