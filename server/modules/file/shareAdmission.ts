import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { fileEntity } from './fileEntities';
import { isRecycled, loadDisk, type DiskItem } from './netDiskTree';
import { shareCodeMatches, storedShareCode } from './shareCodes';

/**
 * Who gets through a share link. Wrong codes are throttled per link in the database (so every
 * process sees them, as the sign-in throttle does per account): after FAILURES_BEFORE_LOCK wrong
 * codes in a row the link refuses every code for LOCK_MINUTES. A four-character code of letters
 * and digits then takes years to guess. The price: a stranger can keep a link locked for its
 * owner's readers; the owner resets the code (which lifts the lock) or makes a new link.
 */
export const FAILURES_BEFORE_LOCK = 5;
export const LOCK_MINUTES = 15;

export interface LiveShare {
  shareId: string;
  /** The shared file or folder, and the sharer's whole disk (a folder's content is judged in it). */
  item: DiskItem;
  disk: Map<string, DiskItem>;
  codeHash: string | null;
  lockedUntil: string | null;
  expireTime: string | null;
  sharer: string;
}

/** The link behind a token, refused when unknown, expired, or its file or folder was deleted. */
export async function liveShare(ctx: ServerContext, db: Db, tokenParam: unknown): Promise<LiveShare> {
  const token = typeof tokenParam === 'string' ? tokenParam.trim().slice(0, 64) : '';
  const shares = fileEntity(ctx, 'NetDiskShare');
  const share = token ? await db.selectFrom(shares.table).selectAll().where('token', '=', token).executeTakeFirst() : undefined;
  if (!share) throw ApiError.notFound('file.share.notFound');
  if (share.expireTime && String(share.expireTime) < nowText()) throw ApiError.business('file.share.expired', { time: String(share.expireTime).slice(0, 16) });
  const disk = await loadDisk(ctx, db, String(share.createUser));
  const item = disk.get(String(share.item));
  if (!item || isRecycled(disk, item)) throw ApiError.business(item?.itemType === 'folder' ? 'file.share.folderGone' : 'file.share.gone');
  if (item.itemType === 'file' && !item.attachId) throw ApiError.business('file.share.gone');
  const user = await db.selectFrom('sys_user').select('userName').where('userId', '=', String(share.createUser)).executeTakeFirst();
  const shareId = String(share.shareId);
  return {
    shareId, item, disk, codeHash: await storedShareCode(db, shareId),
    lockedUntil: share.lockedUntil ? String(share.lockedUntil) : null, expireTime: share.expireTime ? String(share.expireTime) : null,
    sharer: String(user?.userName ?? ''),
  };
}

/**
 * Lets a visitor through with the code they typed, or refuses. The attempt is counted before the
 * code is judged, so guesses sent all at once cannot slip past the lock together: one beyond the
 * allowance is refused unjudged. The right code clears the count; the last wrong one allowed
 * locks the link.
 */
export async function admitVisitor(ctx: ServerContext, db: Db, share: LiveShare, given: string): Promise<void> {
  if (share.codeHash === null) return;
  const locked = () => ApiError.business('file.share.locked', { minutes: LOCK_MINUTES });
  if (share.lockedUntil && share.lockedUntil > nowText()) throw locked();
  const table = fileEntity(ctx, 'NetDiskShare').table;
  const thisShare = (id: string) => db.updateTable(table).where('shareId', '=', id);
  await thisShare(share.shareId).set((eb) => ({ failCount: eb(eb.fn.coalesce('failCount', eb.lit(0)), '+', 1) })).execute();
  const counted = await db.selectFrom(table).select('failCount').where('shareId', '=', share.shareId).executeTakeFirst();
  const attempts = Number(counted?.failCount ?? 0);
  const lock = () => thisShare(share.shareId).set({ failCount: 0, lockedUntil: nowText(new Date(Date.now() + LOCK_MINUTES * 60_000)) }).execute();
  if (attempts > FAILURES_BEFORE_LOCK) {
    await lock();
    throw locked();
  }
  if (await shareCodeMatches(share.codeHash, given)) {
    await thisShare(share.shareId).set({ failCount: 0 }).execute();
    return;
  }
  if (attempts < FAILURES_BEFORE_LOCK) throw ApiError.business('file.share.wrongPassword');
  await lock();
  throw locked();
}
