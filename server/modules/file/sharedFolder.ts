import { ApiError } from '../../http/ApiError';
import { byFolderThenName, isRecycled, pathTo, type DiskItem } from './netDiskTree';

/**
 * A shared folder as its visitors see it: the folder and what lies below it, nothing above or
 * beside it. Every id a visitor sends is judged against the sharer's disk, so an id of a parent
 * folder, of a file next to the shared folder or of another person's disk is refused alike.
 */

/** What a visitor learns of one item: no parent id, no stored-file id. */
export interface SharedEntry {
  itemId: string;
  name: string;
  itemType: 'folder' | 'file';
  extName: string | null;
  fileSize: number;
  updateTime: string;
}

/** `item` is `root` itself or lies below it (the walk up is bounded, as the tree's other walks are). */
function liesWithin(disk: Map<string, DiskItem>, root: DiskItem, item: DiskItem): boolean {
  for (let at: DiskItem | undefined = item, hops = 0; at && hops < 1000; at = at.parentId ? disk.get(at.parentId) : undefined, hops += 1) {
    if (at.itemId === root.itemId) return true;
  }
  return false;
}

/** The live item of the shared tree a visitor names, of the kind wanted; anything else is "not in this share". */
export function itemInShare(disk: Map<string, DiskItem>, root: DiskItem, itemId: unknown, kind: DiskItem['itemType']): DiskItem {
  const item = typeof itemId === 'string' && itemId ? disk.get(itemId) : undefined;
  if (!item || item.itemType !== kind || !liesWithin(disk, root, item) || isRecycled(disk, item)) throw ApiError.notFound('file.share.notInShare');
  return item;
}

/** One folder of the shared tree: the breadcrumb from the shared folder down, and its live content. */
export function sharedFolderContent(disk: Map<string, DiskItem>, root: DiskItem, folder: DiskItem): { path: { itemId: string; name: string }[]; items: SharedEntry[] } {
  const path = pathTo(disk, folder);
  const items = [...disk.values()].filter((i) => !i.recycled && i.parentId === folder.itemId).sort(byFolderThenName)
    .map(({ itemId, name, itemType, extName, fileSize, updateTime }) => ({ itemId, name, itemType, extName, fileSize, updateTime }));
  return { path: path.slice(path.findIndex((p) => p.itemId === root.itemId)), items };
}
