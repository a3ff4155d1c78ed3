import { randomBytes } from 'node:crypto';
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
import { admitVisitor, liveShare } from './shareAdmission';
import { hashShareCode, newShareCode, storeShareCode, typedShareCode } from './shareCodes';
import { itemInShare, sharedFolderContent } from './sharedFolder';

/**
 * 分享链接: a public page `/s/<token>` for one file or one folder of someone's network disk — the
 * file downloaded, or the folder's files and subfolders listed, browsed and downloaded inside
 * that folder only (sharedFolder.ts). The token is 128 random bits (never a sequence); an
 * optional access code, kept hashed (shareCodes.ts), is asked for before a folder's content or
 * any bytes are sent, and wrong codes lock the link for a while (shareAdmission.ts); an expired
 * link, or one whose file or folder was deleted, answers a clear refusal.
 */

const newToken = () => randomBytes(16).toString('base64url');

/** The shared item: the caller's own live file or folder. */
async function shareableItem(ctx: ServerContext, db: Db, principal: Principal, itemId: unknown) {
  const disk = await loadDisk(ctx, db, principal.userId);
  const item = typeof itemId === 'string' ? disk.get(itemId) : undefined;
  if (!item) throw ApiError.business('file.share.notOwnItem');
  if (isRecycled(disk, item)) throw ApiError.business('file.netDisk.inRecycle');
  return item;
}

/** The generic insert and update of 分享链接 (the list screen): own items only, a fresh token, counters the server keeps. */
export const netDiskShareHook: BeforeWriteHook = async ({ ctx, trx, action, record, existing, principal }) => {
  // A link names one file or folder for its life: another is another link.
  if (action === 'update' && existing && record.item !== existing.item) throw ApiError.business('file.share.fixedItem');
  const item = await shareableItem(ctx, trx, principal, record.item);
  // The link's title: the item's name unless the sharer named it.
  if (!String(record.shareTitle ?? '').trim()) record.shareTitle = item.name;
  // A link made on the list screen asks for no code; its row action 重置提取码 gives it one, shown once.
  if (action === 'insert') Object.assign(record, { token: newToken(), accessCount: 0, failCount: 0, hasCode: false });
};

const DAY_MS = 86_400_000;

/**
 * createNetDiskShare {itemId, days (0 = never expires), withPassword | password}: the share
 * dialog's call; answers the link's token, expiry and code — the only time the code is answered.
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
      const typed = typedShareCode(request.params.password);
      const password = typed ?? (String(request.params.withPassword) === 'true' ? newShareCode() : null);
      const codeHash = password === null ? null : await hashShareCode(password);
      const expireTime = days === 0 ? null : nowText(new Date(Date.now() + days * DAY_MS));
      return request.ctx.database.db.transaction().execute(async (trx) => {
        const item = await shareableItem(request.ctx, trx, principal, request.params.itemId);
        const token = newToken();
        const shareId = await insertNewRow(request.ctx, trx, shares, {
          item: item.itemId, shareTitle: item.name, token, expireTime, hasCode: password !== null, accessCount: 0, failCount: 0,
        }, principal, request.t);
        await storeShareCode(trx, shareId, codeHash);
        return { shareId, token, password, expireTime, itemName: item.name, itemType: item.itemType, path: `/s/${token}` };
      });
    },
  };
}

/** getNetDiskShareInfo {token}: what the share page shows before the code (public): a folder's content only after it. */
const shareInfoCall: CallHandler = {
  auth: 'public',
  async handle({ ctx, params }) {
    const { item, expireTime, sharer, codeHash } = await liveShare(ctx, ctx.database.db, params.token);
    return { itemName: item.name, itemType: item.itemType, extName: item.extName ?? '', fileSize: item.fileSize, expireTime, sharer, needsPassword: codeHash !== null };
  },
};

/**
 * listNetDiskShareFolder {token, password, folderId?} (POST, public): one folder of a shared
 * folder — the shared folder itself without `folderId` — with its breadcrumb from the shared
 * folder down. The code is checked (and a wrong one counted) as for a download.
 */
const shareFolderCall: CallHandler = {
  auth: 'public',
  async handle({ ctx, params }) {
    const { db } = ctx.database;
    const share = await liveShare(ctx, db, params.token);
    if (share.item.itemType !== 'folder') throw ApiError.business('file.share.notAFolder');
    await admitVisitor(ctx, db, share, textParam(params, 'password', 40));
    const folder = params.folderId ? itemInShare(share.disk, share.item, params.folderId, 'folder') : share.item;
    return sharedFolderContent(share.disk, share.item, folder);
  },
};

/**
 * downloadNetDiskShare {token, password, itemId?} (POST, public): the shared file's bytes, or
 * those of the file `itemId` inside a shared folder; counted. A wrong code is counted too.
 */
const shareDownloadCall: CallHandler = {
  auth: 'public',
  async handle({ ctx, params, reply }) {
    const { db } = ctx.database;
    const share = await liveShare(ctx, db, params.token);
    await admitVisitor(ctx, db, share, textParam(params, 'password', 40));
    const file = share.item.itemType === 'folder' ? itemInShare(share.disk, share.item, params.itemId, 'file') : share.item;
    if (!file.attachId) throw ApiError.business('file.share.gone');
    await db.updateTable(fileEntity(ctx, 'NetDiskShare').table).set((eb) => ({ accessCount: eb('accessCount', '+', 1) })).where('shareId', '=', share.shareId).execute();
    return sendStoredFile(ctx, db, reply, file.attachId, file.name);
  },
};

export function registerShareCalls(table: CallTable): void {
  table.set(callKey('set', 'file', 'createNetDiskShare'), createShare());
  table.set(callKey('get', 'file', 'getNetDiskShareInfo'), shareInfoCall);
  table.set(callKey('set', 'file', 'listNetDiskShareFolder'), shareFolderCall);
  table.set(callKey('set', 'file', 'downloadNetDiskShare'), shareDownloadCall);
}
