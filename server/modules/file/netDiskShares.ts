import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CallHandler, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { Principal } from '../../auth/Principal';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { insertNewRow } from '../../entity/insertNewRow';
import { fileEntity, textParam } from './fileEntities';
import { isRecycled, loadDisk } from './netDiskTree';
import { sendStoredFile } from './sendStoredFile';

/**
 * 分享链接: a public page `/s/<token>` that downloads one file of someone's network disk. The
 * token is 128 random bits (never a sequence); an optional password is asked for before the
 * bytes are sent; an expired link, or one whose file was deleted, answers a clear refusal.
 *
 * Wrong passwords are throttled per link in the database (so every process sees them, as the
 * sign-in throttle does per account): after FAILURES_BEFORE_LOCK wrong guesses in a row the link
 * refuses every password for LOCK_MINUTES. A four-character password of letters and digits
 * then takes years to guess. The price: a stranger can keep a link locked for its owner's
 * readers; the owner makes a new link.
 */
export const FAILURES_BEFORE_LOCK = 5;
export const LOCK_MINUTES = 15;
const PASSWORD = /^[A-Za-z0-9]{4,20}$/;
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const newToken = () => randomBytes(16).toString('base64url');
const newPassword = () => Array.from({ length: 4 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

/** The shared item: the caller's own live file. */
async function shareableItem(ctx: ServerContext, db: Db, principal: Principal, itemId: unknown) {
  const disk = await loadDisk(ctx, db, principal.userId);
  const item = typeof itemId === 'string' ? disk.get(itemId) : undefined;
  if (!item) throw ApiError.business('file.share.notOwnItem');
  if (item.itemType !== 'file') throw ApiError.business('file.share.onlyFiles');
  if (isRecycled(disk, item)) throw ApiError.business('file.netDisk.inRecycle');
  return item;
}

function checkPassword(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !PASSWORD.test(value)) throw ApiError.business('file.share.badPassword');
  return value;
}

/** The generic insert and update of 分享链接 (the list screen): own files only, a fresh token, counters the server keeps. */
export const netDiskShareHook: BeforeWriteHook = async ({ ctx, trx, action, record, existing, principal }) => {
  // A link names one file for its life: another file is another link.
  if (action === 'update' && existing && record.item !== existing.item) throw ApiError.business('file.share.fixedItem');
  const item = await shareableItem(ctx, trx, principal, record.item);
  // The link's title: the file's name unless the sharer named it.
  if (!String(record.shareTitle ?? '').trim()) record.shareTitle = item.name;
  record.password = checkPassword(record.password);
  if (action === 'insert') Object.assign(record, { token: newToken(), accessCount: 0, failCount: 0 });
};

const DAY_MS = 86_400_000;

/**
 * createNetDiskShare {itemId, days (0 = never expires), withPassword | password}: the share
 * dialog's call; answers the link's token, password and expiry.
 */
function createShare(): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const shares = fileEntity(request.ctx, 'NetDiskShare');
      requirePermission(principal, shares.permissions.insert);
      const days = Number(request.params.days ?? 7);
      if (!Number.isInteger(days) || days < 0 || days > 365) throw ApiError.business('file.share.badDays');
      const typed = checkPassword(request.params.password);
      const password = typed ?? (String(request.params.withPassword) === 'true' ? newPassword() : null);
      const expireTime = days === 0 ? null : nowText(new Date(Date.now() + days * DAY_MS));
      return request.ctx.database.db.transaction().execute(async (trx) => {
        const item = await shareableItem(request.ctx, trx, principal, request.params.itemId);
        const token = newToken();
        const shareId = await insertNewRow(request.ctx, trx, shares, {
          item: item.itemId, shareTitle: item.name, token, expireTime, password, accessCount: 0, failCount: 0,
        }, principal, request.t);
        return { shareId, token, password, expireTime, itemName: item.name, path: `/s/${token}` };
      });
    },
  };
}

interface LiveShare {
  shareId: string; itemName: string; password: string | null; failCount: number; lockedUntil: string | null;
  expireTime: string | null; attachId: string; extName: string; fileSize: number; sharer: string;
}

/** The link behind a token, refused when unknown, expired, or its file was deleted. */
async function liveShare(ctx: ServerContext, db: Db, tokenParam: unknown): Promise<LiveShare> {
  const token = typeof tokenParam === 'string' ? tokenParam.trim().slice(0, 64) : '';
  const shares = fileEntity(ctx, 'NetDiskShare');
  const share = token ? await db.selectFrom(shares.table).selectAll().where('token', '=', token).executeTakeFirst() : undefined;
  if (!share) throw ApiError.notFound('file.share.notFound');
  if (share.expireTime && String(share.expireTime) < nowText()) throw ApiError.business('file.share.expired', { time: String(share.expireTime).slice(0, 16) });
  const disk = await loadDisk(ctx, db, String(share.createUser));
  const item = disk.get(String(share.item));
  if (!item || isRecycled(disk, item) || !item.attachId) throw ApiError.business('file.share.gone');
  const user = await db.selectFrom('sys_user').select('userName').where('userId', '=', String(share.createUser)).executeTakeFirst();
  return {
    shareId: String(share.shareId), itemName: item.name, password: share.password ? String(share.password) : null,
    failCount: Number(share.failCount ?? 0), lockedUntil: share.lockedUntil ? String(share.lockedUntil) : null,
    expireTime: share.expireTime ? String(share.expireTime) : null, attachId: item.attachId, extName: item.extName ?? '', fileSize: item.fileSize,
    sharer: String(user?.userName ?? ''),
  };
}

/** getNetDiskShareInfo {token}: what the share page shows before the download (public). */
const shareInfoCall: CallHandler = {
  auth: 'public',
  async handle({ ctx, params }) {
    const share = await liveShare(ctx, ctx.database.db, params.token);
    return { itemName: share.itemName, extName: share.extName, fileSize: share.fileSize, expireTime: share.expireTime, sharer: share.sharer, needsPassword: share.password !== null };
  },
};

const samePassword = (stored: string, given: string) => {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** downloadNetDiskShare {token, password} (POST, public): the file's bytes, counted; a wrong password is counted too. */
const shareDownloadCall: CallHandler = {
  auth: 'public',
  async handle({ ctx, params, reply }) {
    const { db } = ctx.database;
    const table = fileEntity(ctx, 'NetDiskShare').table;
    const share = await liveShare(ctx, db, params.token);
    const now = nowText();
    if (share.lockedUntil && share.lockedUntil > now) throw ApiError.business('file.share.locked', { minutes: LOCK_MINUTES });
    if (share.password !== null && !samePassword(share.password, textParam(params, 'password', 40))) {
      const failures = share.failCount + 1;
      const locked = failures >= FAILURES_BEFORE_LOCK;
      await db.updateTable(table).set({
        failCount: locked ? 0 : failures, lockedUntil: locked ? nowText(new Date(Date.now() + LOCK_MINUTES * 60_000)) : share.lockedUntil,
      }).where('shareId', '=', share.shareId).execute();
      throw ApiError.business(locked ? 'file.share.locked' : 'file.share.wrongPassword', { minutes: LOCK_MINUTES });
    }
    await db.updateTable(table).set((eb) => ({ accessCount: eb('accessCount', '+', 1), failCount: 0 })).where('shareId', '=', share.shareId).execute();
    return sendStoredFile(ctx, db, reply, share.attachId, share.itemName);
  },
};

export function registerShareCalls(table: CallTable): void {
  table.set(callKey('set', 'file', 'createNetDiskShare'), createShare());
  table.set(callKey('get', 'file', 'getNetDiskShareInfo'), shareInfoCall);
  table.set(callKey('set', 'file', 'downloadNetDiskShare'), shareDownloadCall);
}
