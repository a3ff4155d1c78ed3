import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { ApiError } from '../../http/ApiError';
import { splitIds } from '../../entity/rowValues';
import { assertDiskRoom } from './netDiskQuota';
import { loadDisk, nameTaken, subtreeIds, targetFolder, validName } from './netDiskTree';

/**
 * The generic insert and update of 网盘文件 keep the disk's rules the named calls keep: a valid
 * name unique in its folder, a parent that is one of the writer's live folders and never the
 * item itself or below it, and a file's size and type taken from its stored attachment and
 * counted against the quota. A file's content and an item's kind are not changed by an update.
 */
export const netDiskItemHook: BeforeWriteHook = async ({ ctx, trx, action, record, existing, id, principal }) => {
  const name = validName(record.name);
  const disk = await loadDisk(ctx, trx, principal.userId);
  const parent = targetFolder(disk, record.parentId);
  const parentId = parent?.itemId ?? null;
  if (action === 'update' && existing) {
    if (record.itemType !== existing.itemType || String(record.attachId ?? '') !== String(existing.attachId ?? '')) throw ApiError.business('file.netDisk.fixedContent');
    if (parentId && record.itemType === 'folder' && id && subtreeIds(disk, id).includes(parentId)) throw ApiError.business('file.netDisk.moveIntoItself', { name });
  }
  if (nameTaken(disk, parentId, name, id)) throw ApiError.business('file.netDisk.nameTaken', { name });
  if (action !== 'insert') return;
  const attachIds = splitIds(record.attachId);
  if (record.itemType === 'folder') {
    if (attachIds.length) throw ApiError.business('file.netDisk.fixedContent');
    Object.assign(record, { name, fileSize: 0, extName: null, recycled: false });
    return;
  }
  const stored = attachIds.length === 1
    ? await trx.selectFrom('sys_attach').select(['fileSize', 'extName']).where('attachId', '=', attachIds[0]).executeTakeFirst() : undefined;
  if (!stored) throw ApiError.business('file.missing');
  await assertDiskRoom(ctx, trx, principal.userId, Number(stored.fileSize));
  Object.assign(record, { name, fileSize: Number(stored.fileSize), extName: String(stored.extName), recycled: false });
};
