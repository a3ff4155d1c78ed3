import type { MultipartFile } from '@fastify/multipart';
import { ALLOWED_EXTENSIONS } from '../../../runtime/core/constants';
import type { CallHandler, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { CallRequest } from '../../calls/CallHandler';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { readIdList } from '../../http/normaliseBody';
import { insertNewRow } from '../../entity/insertNewRow';
import { lockRow } from '../../entity/lockRow';
import { discardStoredFile, recordAttachment, storeUpload } from '../../files/attachmentStore';
import { assertWithinQuota } from '../../files/uploadQuota';
import { LINK_TABLE } from '../../files/attachmentLinks';
import { fileEntity } from './fileEntities';
import { assertDiskRoom, diskUsage } from './netDiskQuota';
import { byFolderThenName, freeName, isRecycled, loadDisk, nameTaken, ownItem, pathTo, subtreeIds, targetFolder, validName, type DiskItem } from './netDiskTree';
import { removeItemsShareCodes } from './shareCodes';

/**
 * 网盘: one person's folders and files. Every call reads and writes the caller's own rows only
 * (`createUser`), the administrator's included, as the schema's `personal` rule does for the
 * generic calls; another person's item id is "not found".
 */

type Action = 'list' | 'insert' | 'update' | 'delete';

function diskCall(action: Action, handle: (request: CallRequest, principal: Principal) => Promise<unknown>): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requirePermission(principal, fileEntity(request.ctx, 'NetDiskItem').permissions[action]);
      return handle(request, principal);
    },
  };
}

/** One folder's live content, its breadcrumb and the disk's usage. */
const listCall = diskCall('list', async ({ ctx, params }, principal) => {
  const disk = await loadDisk(ctx, ctx.database.db, principal.userId);
  const folder = targetFolder(disk, params.parentId);
  const parentId = folder?.itemId ?? null;
  const items = [...disk.values()].filter((i) => !i.recycled && (i.parentId ?? null) === parentId).sort(byFolderThenName);
  return { items, path: pathTo(disk, folder), usage: await diskUsage(ctx, ctx.database.db, principal.userId) };
});

/** Every live folder (the move dialog's tree). */
const folderTreeCall = diskCall('list', async ({ ctx }, principal) => {
  const disk = await loadDisk(ctx, ctx.database.db, principal.userId);
  return [...disk.values()].filter((i) => i.itemType === 'folder' && !isRecycled(disk, i)).sort(byFolderThenName)
    .map((i) => ({ itemId: i.itemId, name: i.name, parentId: i.parentId }));
});

/** The recycle bin: what was deleted itself (its content comes back with it), newest first. */
const recycleListCall = diskCall('list', async ({ ctx }, principal) => {
  const disk = await loadDisk(ctx, ctx.database.db, principal.userId);
  const items = [...disk.values()].filter((i) => i.recycled).sort((a, b) => String(b.recycleTime).localeCompare(String(a.recycleTime)));
  return { items, usage: await diskUsage(ctx, ctx.database.db, principal.userId) };
});

const createFolderCall = diskCall('insert', async ({ ctx, params, t }, principal) => {
  const name = validName(params.name);
  const entity = fileEntity(ctx, 'NetDiskItem');
  const id = await ctx.database.db.transaction().execute(async (trx) => {
    // Two requests making the same name in one folder take turns on the user's row.
    await lockRow(trx, 'sys_user', 'userId', principal.userId);
    const disk = await loadDisk(ctx, trx, principal.userId);
    const parent = targetFolder(disk, params.parentId);
    if (nameTaken(disk, parent?.itemId ?? null, name)) throw ApiError.business('file.netDisk.nameTaken', { name });
    return insertNewRow(ctx, trx, entity, { name, itemType: 'folder', parentId: parent?.itemId ?? null, fileSize: 0, recycled: false }, principal, t);
  });
  return { itemId: id, name };
});

/**
 * createNetDiskFile: a multipart upload straight into a folder (`parentId` sent before the file).
 * The file passes the suite's upload checks (type, size, the account's UPLOAD_QUOTA_MB) and the
 * disk's own quota; a name already in the folder becomes `name (2).ext`.
 */
const createFileCall = diskCall('insert', async ({ ctx, params, t }, principal) => {
  const file = params.$stream as MultipartFile | undefined;
  if (!file) throw ApiError.business('file.missing');
  const stored = await storeUpload(ctx, file, ALLOWED_EXTENSIONS,
    { key: 'file.typeRefused', params: { allowed: [...ALLOWED_EXTENSIONS].join(t('file.typeSeparator')) } });
  const entity = fileEntity(ctx, 'NetDiskItem');
  try {
    if (stored.fileSize === 0) throw ApiError.business('file.empty');
    await assertWithinQuota(ctx, principal, stored.fileSize);
    return await ctx.database.db.transaction().execute(async (trx) => {
      // Concurrent uploads of one user are counted against the quota one after the other.
      await lockRow(trx, 'sys_user', 'userId', principal.userId);
      const disk = await loadDisk(ctx, trx, principal.userId);
      const parent = targetFolder(disk, params.parentId);
      await assertDiskRoom(ctx, trx, principal.userId, stored.fileSize);
      const name = freeName(disk, parent?.itemId ?? null, stored.name);
      await recordAttachment(trx, principal, stored, 'netDisk');
      const itemId = await insertNewRow(ctx, trx, entity, {
        name, itemType: 'file', parentId: parent?.itemId ?? null, attachId: stored.attachId, extName: stored.extName, fileSize: stored.fileSize, recycled: false,
      }, principal, t);
      return { itemId, name, attachId: stored.attachId, extName: stored.extName, fileSize: stored.fileSize };
    });
  } catch (error) {
    await discardStoredFile(ctx, stored);
    throw error;
  }
});

/** A change of the caller's disk in one transaction, on the disk as it is once the user's row is held. */
async function updateItems(request: CallRequest, principal: Principal, change: (disk: Map<string, DiskItem>, trx: Db) => Promise<unknown>) {
  return request.ctx.database.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'sys_user', 'userId', principal.userId);
    return change(await loadDisk(request.ctx, trx, principal.userId), trx);
  });
}

const renameCall = diskCall('update', async (request, principal) => {
  const name = validName(request.params.name);
  const table = fileEntity(request.ctx, 'NetDiskItem').table;
  return updateItems(request, principal, async (disk, trx) => {
    const item = ownItem(disk, request.params.itemId);
    if (item.recycled) throw ApiError.business('file.netDisk.inRecycle');
    if (nameTaken(disk, item.parentId, name, item.itemId)) throw ApiError.business('file.netDisk.nameTaken', { name });
    await trx.updateTable(table).set((eb) => ({ name, updateTime: nowText(), rowVersion: eb('rowVersion', '+', 1) })).where('itemId', '=', item.itemId).execute();
    return { itemId: item.itemId, name };
  });
});

/** Moves items into a folder (or the root): never a folder into itself or below itself, never onto a name the folder has. */
const moveCall = diskCall('update', async (request, principal) => {
  const ids = readIdList(request.params.itemIds).slice(0, 500);
  if (ids.length === 0) throw ApiError.business('file.netDisk.nothingChosen');
  const table = fileEntity(request.ctx, 'NetDiskItem').table;
  return updateItems(request, principal, async (disk, trx) => {
    const target = targetFolder(disk, request.params.parentId);
    const targetId = target?.itemId ?? null;
    const items = ids.map((id) => ownItem(disk, id));
    for (const item of items) {
      if (item.recycled) throw ApiError.business('file.netDisk.inRecycle');
      if (targetId && item.itemType === 'folder' && subtreeIds(disk, item.itemId).includes(targetId)) {
        throw ApiError.business('file.netDisk.moveIntoItself', { name: item.name });
      }
    }
    for (const item of items) {
      if ((item.parentId ?? null) === targetId) continue;
      if (nameTaken(disk, targetId, item.name, item.itemId)) throw ApiError.business('file.netDisk.nameTaken', { name: item.name });
      await trx.updateTable(table).set((eb) => ({ parentId: targetId, updateTime: nowText(), rowVersion: eb('rowVersion', '+', 1) })).where('itemId', '=', item.itemId).execute();
      // The next item of this move sees this one in its new folder.
      disk.set(item.itemId, { ...item, parentId: targetId });
    }
    return { moved: items.length };
  });
});

/** Deleting puts items in the recycle bin; their content stays inside them and comes back with them. */
const recycleCall = diskCall('delete', async (request, principal) => {
  const ids = readIdList(request.params.itemIds).slice(0, 500);
  if (ids.length === 0) throw ApiError.business('file.netDisk.nothingChosen');
  const table = fileEntity(request.ctx, 'NetDiskItem').table;
  return updateItems(request, principal, async (disk, trx) => {
    const items = ids.map((id) => ownItem(disk, id)).filter((i) => !i.recycled);
    if (items.length) {
      await trx.updateTable(table).set((eb) => ({ recycled: 1, recycleTime: nowText(), updateTime: nowText(), rowVersion: eb('rowVersion', '+', 1) }))
        .where('itemId', 'in', items.map((i) => i.itemId)).execute();
    }
    return { recycled: items.length };
  });
});

/**
 * Restores items from the recycle bin into their folder — or the root when that folder is gone or
 * itself deleted —, renamed `name (2)` when the folder meanwhile holds the name.
 */
const restoreCall = diskCall('delete', async (request, principal) => {
  const ids = readIdList(request.params.itemIds).slice(0, 500);
  if (ids.length === 0) throw ApiError.business('file.netDisk.nothingChosen');
  const table = fileEntity(request.ctx, 'NetDiskItem').table;
  return updateItems(request, principal, async (disk, trx) => {
    const restored: { itemId: string; name: string; parentId: string | null }[] = [];
    for (const item of ids.map((id) => ownItem(disk, id)).filter((i) => i.recycled)) {
      const parent = item.parentId ? disk.get(item.parentId) : undefined;
      const parentId = parent && !isRecycled(disk, parent) ? parent.itemId : null;
      const name = freeName(disk, parentId, item.name, item.itemId);
      await trx.updateTable(table).set((eb) => ({ recycled: 0, recycleTime: null, parentId, name, updateTime: nowText(), rowVersion: eb('rowVersion', '+', 1) }))
        .where('itemId', '=', item.itemId).execute();
      disk.set(item.itemId, { ...item, recycled: false, parentId, name });
      restored.push({ itemId: item.itemId, name, parentId });
    }
    return { restored };
  });
});

/**
 * Removes for good the chosen items of the recycle bin (`itemIds`), or all of it: the rows with
 * everything inside them, their share links (with the links' codes), and their files' links, so the purge job removes
 * the stored files (server/files/purgeUnlinkedAttachments.ts). The quota is freed at once.
 */
const emptyRecycleCall = diskCall('delete', async (request, principal) => {
  const chosen = readIdList(request.params.itemIds).slice(0, 500);
  const items = fileEntity(request.ctx, 'NetDiskItem');
  const shares = fileEntity(request.ctx, 'NetDiskShare');
  return updateItems(request, principal, async (disk, trx) => {
    const roots = chosen.length ? chosen.map((id) => ownItem(disk, id)).filter((i) => i.recycled) : [...disk.values()].filter((i) => i.recycled);
    const ids = [...new Set(roots.flatMap((r) => subtreeIds(disk, r.itemId)))];
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      await trx.deleteFrom(LINK_TABLE).where('entity', '=', items.name).where('recordId', 'in', batch).execute();
      await removeItemsShareCodes(trx, shares, batch);
      await trx.deleteFrom(shares.table).where('item', 'in', batch).execute();
      await trx.deleteFrom(items.table).where('itemId', 'in', batch).execute();
    }
    return { removed: ids.length };
  });
});

export function registerNetDiskCalls(table: CallTable): void {
  table.set(callKey('get', 'file', 'getNetDiskItems'), listCall);
  table.set(callKey('get', 'file', 'getNetDiskFolderTree'), folderTreeCall);
  table.set(callKey('get', 'file', 'getNetDiskRecycleList'), recycleListCall);
  table.set(callKey('set', 'file', 'createNetDiskFolder'), createFolderCall);
  table.set(callKey('set', 'file', 'createNetDiskFile'), { ...createFileCall, multipart: 'stream' });
  table.set(callKey('set', 'file', 'renameNetDiskItem'), renameCall);
  table.set(callKey('set', 'file', 'moveNetDiskItems'), moveCall);
  table.set(callKey('set', 'file', 'recycleNetDiskItems'), recycleCall);
  table.set(callKey('set', 'file', 'restoreNetDiskItems'), restoreCall);
  table.set(callKey('set', 'file', 'emptyNetDiskRecycle'), emptyRecycleCall);
}
