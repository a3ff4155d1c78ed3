import { createHash } from 'node:crypto';
import type { EntityDef } from '../../runtime/core/schema';
import type { CallRequest } from '../calls/CallHandler';
import { systemEntity, type ServerContext } from '../context';
import { ApiError } from '../http/ApiError';
import { newId, nowText } from '../http/newId';
import { recordLogin } from '../audit/recordLogin';
import type { RowScope } from '../entity/dataScope';
import { recordFlowStep } from '../entity/flowLog';
import { insertNewRow, type RowOwner } from '../entity/insertNewRow';
import { nextRowVersion } from '../entity/rowVersion';
import { clientIp } from './clientIp';
import { purgeSendLog } from './throttle';

export const LOGIN_LOCK_ENTITY = 'SysLoginLock';
/** The kind of sys_send_log rows that count password attempts (server/account/throttle.ts keeps the others). */
export const LOGIN_ATTEMPT_KIND = 'login';
const LOCKED = 'locked';
const MINUTE_MS = 60_000;
/** Stored account ids are at most 50 characters; a longer name is still counted, by its first 100. */
const MAX_TARGET = 100;

type LockType = 'account' | 'ip';

interface Limit {
  type: LockType;
  target: string;
  max: number;
  /** The sys_send_log column the limit counts by. */
  column: 'target' | 'ip';
}

export interface PasswordAttempt {
  /** The password was right: the attempt is not counted. */
  succeeded(): Promise<void>;
  /** The password was wrong: it stays counted; reaching a limit locks the account or the address and refuses with login.locked. */
  failed(): Promise<void>;
}

export function loginLockEntity(ctx: ServerContext): EntityDef {
  const entity = ctx.registry.entities.get(LOGIN_LOCK_ENTITY);
  if (!entity) throw new Error(`the schema ${LOGIN_LOCK_ENTITY} is missing from schemas/system/`);
  return entity;
}

/** One row per locked account or address: its id follows from what it locks, so two racing lockers meet on the primary key. */
export function loginLockId(type: LockType, target: string): string {
  return createHash('sha256').update(`${type}\n${target}`).digest('hex').slice(0, 32);
}

/** `YYYY-MM-DD HH:mm:ss` (nowText's local time) back to milliseconds. */
function timeOf(text: string): number {
  return new Date(text.replace(' ', 'T')).getTime();
}

function lockedError(until: string): ApiError {
  return ApiError.business('login.locked', { minutes: Math.max(1, Math.ceil((timeOf(until) - Date.now()) / MINUTE_MS)) });
}

/** The latest end of the locks in force on these limits, if any. */
async function lockedUntil(ctx: ServerContext, limits: Limit[]): Promise<string | undefined> {
  const entity = loginLockEntity(ctx);
  const rows = await ctx.database.db.selectFrom(entity.table).select('lockedUntil')
    .where(entity.key, 'in', limits.map((l) => loginLockId(l.type, l.target)))
    .where('status', '=', LOCKED).where('lockedUntil', '>', nowText())
    .execute();
  return rows.map((r) => String(r.lockedUntil)).sort().at(-1);
}

/** Attempts that are not successes — failed, or still being checked — within the window, per limit. */
async function countAttempts(ctx: ServerContext, limit: Limit, since: number): Promise<number> {
  const row = await ctx.database.db.selectFrom('sys_send_log').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', LOGIN_ATTEMPT_KIND).where(limit.column, '=', limit.target).where('sentAt', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The lock's own flow transition a sign-in takes to lock a lifted or run-out lock again (schemas/system/SysLoginLock.json). */
const RELOCK = 'relock';
/** A lock is set by a sign-in, nobody's account: its submission and steps name no user. */
const NOBODY: RowOwner = { userId: '', deptId: '', unitId: '' };

type LockValues = Record<string, unknown>;

/**
 * The lock row `id` when it is lifted or has run out: locked again in place by the flow's relock
 * transition, the row and its step in one transaction. The write is a compare-and-set on the row
 * as read, so of racing lockers one relocks. Answers 'missing' when there is no row yet.
 */
async function relock(ctx: ServerContext, entity: EntityDef, id: string, values: LockValues, now: string): Promise<'relocked' | 'standing' | 'missing'> {
  return ctx.database.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom(entity.table).select(['status', 'lockedUntil']).where(entity.key, '=', id).executeTakeFirst();
    if (!row) return 'missing';
    if (row.status === LOCKED && String(row.lockedUntil) > now) return 'standing';
    const renewed = await trx.updateTable(entity.table).set({ ...values, updateTime: now, ...nextRowVersion() })
      .where(entity.key, '=', id).where('status', '=', row.status).where('lockedUntil', '=', row.lockedUntil)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) !== 1) return 'standing';
    await recordFlowStep(trx, entity, { recordId: id, transition: RELOCK, fromState: String(row.status), toState: LOCKED, userId: NOBODY.userId });
    return 'relocked';
  });
}

/**
 * A first lock of its target, born through the shared insert (insertNewRow: its `$submit` in the
 * same transaction). Racing lockers meet on the id: the loser's insert fails and the winner's row
 * is there — that is no error, only not this request's lock.
 */
async function insertLock(ctx: ServerContext, entity: EntityDef, id: string, values: LockValues): Promise<boolean> {
  const { db } = ctx.database;
  try {
    await db.transaction().execute((trx) => insertNewRow(ctx, trx, entity, values, NOBODY, undefined, id));
    return true;
  } catch (error) {
    if (await db.selectFrom(entity.table).select(entity.key).where(entity.key, '=', id).executeTakeFirst()) return false;
    throw error;
  }
}

/**
 * Locks an account or address for LOGIN_LOCK_MINUTES: a missing lock is inserted, one that was
 * lifted or has run out is locked again (relock), a lock in force stands. Only the request that
 * actually set the lock writes it to the login log, so a burst of guesses logs one lock.
 */
async function lock(request: CallRequest, limit: Limit, failures: number, accountId: string, ip: string): Promise<void> {
  const { ctx } = request;
  const { db } = ctx.database;
  const entity = loginLockEntity(ctx);
  const id = loginLockId(limit.type, limit.target);
  const now = nowText();
  const until = nowText(new Date(Date.now() + ctx.config.account.loginLockMinutes * MINUTE_MS));
  const values = { failures, lastIp: ip, lockedAt: now, lockedUntil: until, status: LOCKED };
  const renewed = await relock(ctx, entity, id, values, now);
  const set = renewed === 'relocked' || (renewed === 'missing' && await insertLock(ctx, entity, id, { lockType: limit.type, target: limit.target, ...values }));
  if (!set) return;
  await recordLogin(db, systemEntity(ctx, 'SysLoginLog').table, {
    accountId, method: 'password', result: 'locked', ip, userAgent: String(request.raw.headers['user-agent'] ?? ''),
  });
  // Rows of the send log older than two days count towards nothing (throttle.ts); a lock is a good moment to drop them.
  await purgeSendLog(db);
}

async function refuseLocked(request: CallRequest, limits: Limit[], accountId: string, ip: string, since: number): Promise<never> {
  for (const limit of limits) await lock(request, limit, await countAttempts(request.ctx, limit, since), accountId, ip);
  const until = await lockedUntil(request.ctx, limits);
  throw lockedError(until ?? nowText(new Date(Date.now() + request.ctx.config.account.loginLockMinutes * MINUTE_MS)));
}

/**
 * Admits one password sign-in, counted per account and per client address with the send log's
 * rule (throttle.ts): the attempt's row is written first and the attempts counted after,
 * including it, so parallel guesses cannot slip under a limit together — one over the limit
 * is refused unchecked and locks. While a lock is in force nothing is checked, the right
 * password neither. Unknown accounts are counted and locked exactly like known ones, so the
 * answers tell nothing about which accounts exist. Only failures stay counted.
 */
export async function admitPasswordAttempt(request: CallRequest, accountId: string): Promise<PasswordAttempt> {
  const { ctx } = request;
  const { db } = ctx.database;
  const config = ctx.config.account;
  const ip = clientIp(request.raw);
  const account = accountId.slice(0, MAX_TARGET);
  const limits = ([
    { type: 'account', target: account, max: config.loginMaxFailures, column: 'target' },
    { type: 'ip', target: ip, max: config.loginIpMaxFailures, column: 'ip' },
  ] satisfies Limit[]).filter((l) => l.max > 0);
  if (limits.length === 0) return { succeeded: async () => undefined, failed: async () => undefined };

  const until = await lockedUntil(ctx, limits);
  if (until) throw lockedError(until);
  const now = Date.now();
  // Failures older than the lock's length count no more: a lock set by them has run out by then.
  const since = now - config.loginLockMinutes * MINUTE_MS;
  const sendId = newId();
  await db.insertInto('sys_send_log').values({ sendId, kind: LOGIN_ATTEMPT_KIND, target: account, ip, sentAt: now }).execute();
  const over: Limit[] = [];
  for (const limit of limits) if (await countAttempts(ctx, limit, since) > limit.max) over.push(limit);
  if (over.length) {
    await db.deleteFrom('sys_send_log').where('sendId', '=', sendId).execute();
    return refuseLocked(request, over, account, ip, since);
  }
  return {
    async succeeded() {
      await db.deleteFrom('sys_send_log').where('sendId', '=', sendId).execute();
    },
    async failed() {
      const reached: Limit[] = [];
      for (const limit of limits) if (await countAttempts(ctx, limit, since) >= limit.max) reached.push(limit);
      if (reached.length) await refuseLocked(request, reached, account, ip, since);
    },
  };
}

/**
 * Lifting a lock forgets the failures that led to it (by account, or every attempt from the
 * address), so the next attempt starts a fresh count instead of locking again at once.
 */
export async function forgetLockedFailures(ctx: ServerContext, lockRow: Record<string, unknown>): Promise<void> {
  const column = lockRow.lockType === 'ip' ? 'ip' : 'target';
  await ctx.database.db.deleteFrom('sys_send_log')
    .where('kind', '=', LOGIN_ATTEMPT_KIND).where(column, '=', String(lockRow.target ?? '')).execute();
}

/**
 * The locks in force, for the security administrator's list: those lifted or run out leave it.
 * Their rows stay (a target keeps one row and so one history: a row deleted and made again under
 * the same id would start a second history on the first).
 */
export function locksInForce(): RowScope {
  return {
    condition: (eb) => eb.and([eb('status', '=', LOCKED), eb('lockedUntil', '>', nowText())]),
    allows: (row) => row.status === LOCKED && String(row.lockedUntil) > nowText(),
  };
}
