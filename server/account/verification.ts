import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/connect';
import type { AccountConfig } from '../config';
import { ApiError } from '../http/ApiError';
import { newId, nowText } from '../http/newId';

/** What a code was sent for: signing in, recovering a password, or confirming a flow decision. */
export type CodePurpose = 'login' | 'retrieve' | 'sign';
const TICKET = 'ticket';
const TABLE = 'sys_verification';
export const CODE_LENGTH = 6;

/** Secrets are stored as SHA-256 over the row id and the secret: a leaked table holds no live code or ticket. */
function hashSecret(verificationId: string, secret: string): string {
  return createHash('sha256').update(`${verificationId}:${secret}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/**
 * A fresh code for `phone`: earlier unused codes for the same purpose are voided, so only the
 * latest SMS works. Returns the code in clear for the message; only its hash is stored.
 */
export async function issueCode(db: Db, config: AccountConfig, purpose: CodePurpose, phone: string): Promise<string> {
  const now = Date.now();
  const code = newCode();
  const verificationId = newId();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable(TABLE).set({ usedAt: now }).where('purpose', '=', purpose).where('target', '=', phone).where('usedAt', 'is', null).execute();
    await trx.insertInto(TABLE).values({
      verificationId, purpose, target: phone, userId: null, secretHash: hashSecret(verificationId, code),
      expiresAt: now + config.codeSeconds * 1000, attempts: 0, usedAt: null, createTime: nowText(),
    }).execute();
  });
  return code;
}

/** Voids a code that could not be delivered, so it can never be used. */
export async function voidCodes(db: Db, purpose: CodePurpose, phone: string): Promise<void> {
  await db.updateTable(TABLE).set({ usedAt: Date.now() }).where('purpose', '=', purpose).where('target', '=', phone).where('usedAt', 'is', null).execute();
}

/**
 * Uses up the code sent to `phone` when `code` matches it. Refusals, in the order a user needs
 * them: not six digits; no live code (none sent, expired, used); too many wrong entries; wrong
 * (with the entries left). Each wrong entry counts; at the limit the code is void. Consumption
 * is conditional on the code being unused, so two simultaneous sign-ins cannot both use it.
 */
export async function consumeCode(db: Db, config: AccountConfig, purpose: CodePurpose, phone: string, code: unknown): Promise<void> {
  const entered = String(code ?? '').trim();
  if (!new RegExp(`^[0-9]{${CODE_LENGTH}}$`).test(entered)) throw ApiError.business('account.code.format', { length: CODE_LENGTH });
  const now = Date.now();
  const row = await db.selectFrom(TABLE).selectAll().where('purpose', '=', purpose).where('target', '=', phone)
    .where('usedAt', 'is', null).orderBy('expiresAt', 'desc').executeTakeFirst();
  if (!row || Number(row.expiresAt) <= now) throw ApiError.business('account.code.expired');
  const attempts = Number(row.attempts ?? 0);
  if (attempts >= config.codeMaxAttempts) throw ApiError.business('account.code.tooManyAttempts');
  if (!sameHash(hashSecret(String(row.verificationId), entered), String(row.secretHash))) {
    const used = attempts + 1;
    await db.updateTable(TABLE)
      .set({ attempts: used, ...(used >= config.codeMaxAttempts ? { usedAt: now } : {}) })
      .where('verificationId', '=', row.verificationId).execute();
    if (used >= config.codeMaxAttempts) throw ApiError.business('account.code.tooManyAttempts');
    throw ApiError.business('account.code.wrong', { left: config.codeMaxAttempts - used });
  }
  const result = await db.updateTable(TABLE).set({ usedAt: now })
    .where('verificationId', '=', row.verificationId).where('usedAt', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw ApiError.business('account.code.expired');
}

/**
 * A one-time password-reset ticket for `userId`: `<id>.<secret>`, 24 random bytes of secret.
 * Given to the browser after a phone code (verificationPhone) or in an e-mailed link.
 */
export async function issueTicket(db: Db, config: AccountConfig, userId: string): Promise<string> {
  const verificationId = newId();
  const secret = randomBytes(24).toString('base64url');
  await db.insertInto(TABLE).values({
    verificationId, purpose: TICKET, target: userId, userId, secretHash: hashSecret(verificationId, secret),
    expiresAt: Date.now() + config.ticketSeconds * 1000, attempts: 0, usedAt: null, createTime: nowText(),
  }).execute();
  return `${verificationId}.${secret}`;
}

async function liveTicket(db: Db, ticket: unknown): Promise<{ verificationId: string; userId: string }> {
  const [verificationId, secret, extra] = String(ticket ?? '').trim().split('.');
  if (!verificationId || !secret || extra !== undefined || !/^[0-9a-f]{24}$/.test(verificationId)) throw ApiError.business('account.ticket.invalid');
  const row = await db.selectFrom(TABLE).selectAll().where('verificationId', '=', verificationId).where('purpose', '=', TICKET).executeTakeFirst();
  if (!row || row.usedAt !== null || Number(row.expiresAt) <= Date.now() || !sameHash(hashSecret(verificationId, secret), String(row.secretHash))) {
    throw ApiError.business('account.ticket.invalid');
  }
  return { verificationId, userId: String(row.userId) };
}

/** The user a live ticket was issued for, without using it up (the reset page greets the user by name). */
export async function peekTicket(db: Db, ticket: unknown): Promise<string> {
  return (await liveTicket(db, ticket)).userId;
}

/**
 * The user a live ticket was issued for, using the ticket up (conditionally, so it works once
 * even when two requests race); a clear refusal otherwise.
 */
export async function consumeTicket(db: Db, ticket: unknown): Promise<string> {
  const { verificationId, userId } = await liveTicket(db, ticket);
  const result = await db.updateTable(TABLE).set({ usedAt: Date.now() })
    .where('verificationId', '=', verificationId).where('usedAt', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw ApiError.business('account.ticket.invalid');
  return userId;
}

/** Expired or used rows are useless after a day; removed now and then. */
export async function purgeVerifications(db: Db): Promise<void> {
  await db.deleteFrom(TABLE).where('expiresAt', '<', Date.now() - 86_400_000).execute();
}
