import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { fileEntity } from './fileEntities';

export interface DiskItem {
  itemId: string;
  name: string;
  itemType: 'folder' | 'file';
  parentId: string | null;
  attachId: string | null;
  extName: string | null;
  fileSize: number;
  recycled: boolean;
  recycleTime: string | null;
  createTime: string;
  updateTime: string;
}

const COLUMNS = ['itemId', 'name', 'itemType', 'parentId', 'attachId', 'extName', 'fileSize', 'recycled', 'recycleTime', 'createTime', 'updateTime'] as const;

function toItem(row: Record<string, unknown>): DiskItem {
  return {
    itemId: String(row.itemId), name: String(row.name), itemType: row.itemType === 'file' ? 'file' : 'folder',
    parentId: row.parentId ? String(row.parentId) : null, attachId: row.attachId ? String(row.attachId) : null,
    extName: row.extName ? String(row.extName) : null, fileSize: Number(row.fileSize ?? 0),
    recycled: Number(row.recycled ?? 0) === 1 || row.recycled === true, recycleTime: row.recycleTime ? String(row.recycleTime) : null,
    createTime: String(row.createTime ?? ''), updateTime: String(row.updateTime ?? ''),
  };
}

/**
 * The whole disk of one user. A disk is one person's folders and files (hundreds, rarely
 * thousands of rows), so tree questions — descendants, paths, sibling names — are answered in
 * memory from one indexed read rather than by recursive SQL that differs between the databases.
 */
export async function loadDisk(ctx: ServerContext, db: Db, userId: string): Promise<Map<string, DiskItem>> {
  const items = fileEntity(ctx, 'NetDiskItem');
  const rows = await db.selectFrom(items.table).select([...COLUMNS]).where('createUser', '=', userId).execute();
  return new Map(rows.map((r) => [String(r.itemId), toItem(r)]));
}

/** Folders first, then by name as Chinese readers sort. */
export const byFolderThenName = (a: DiskItem, b: DiskItem) =>
  a.itemType === b.itemType ? a.name.localeCompare(b.name, 'zh-CN') : a.itemType === 'folder' ? -1 : 1;

/** The caller's own item; anyone else's is "not found", the administrator's request included. */
export function ownItem(disk: Map<string, DiskItem>, itemId: unknown): DiskItem {
  const item = typeof itemId === 'string' ? disk.get(itemId) : undefined;
  if (!item) throw ApiError.notFound('file.netDisk.notFound');
  return item;
}

/** A folder to put things into: the root (null), or one of the caller's folders that is not in the recycle bin. */
export function targetFolder(disk: Map<string, DiskItem>, parentId: unknown): DiskItem | null {
  if (parentId === undefined || parentId === null || parentId === '') return null;
  const folder = ownItem(disk, parentId);
  if (folder.itemType !== 'folder' || isRecycled(disk, folder)) throw ApiError.business('file.netDisk.notAFolder');
  return folder;
}

/** In the recycle bin itself or inside a folder that is. */
export function isRecycled(disk: Map<string, DiskItem>, item: DiskItem): boolean {
  for (let at: DiskItem | undefined = item, hops = 0; at && hops < 1000; at = at.parentId ? disk.get(at.parentId) : undefined, hops += 1) {
    if (at.recycled) return true;
  }
  return false;
}

/** The item and everything below it. */
export function subtreeIds(disk: Map<string, DiskItem>, rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const item of disk.values()) {
    if (!item.parentId) continue;
    children.set(item.parentId, [...(children.get(item.parentId) ?? []), item.itemId]);
  }
  const out: string[] = [];
  const queue = [rootId];
  while (queue.length) {
    const id = queue.shift()!;
    if (out.includes(id)) continue;
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Folders from the root down to `folder` (the breadcrumb). */
export function pathTo(disk: Map<string, DiskItem>, folder: DiskItem | null): { itemId: string; name: string }[] {
  const path: { itemId: string; name: string }[] = [];
  for (let at = folder, hops = 0; at && hops < 1000; at = at.parentId ? disk.get(at.parentId) ?? null : null, hops += 1) {
    path.unshift({ itemId: at.itemId, name: at.name });
  }
  return path;
}

/** Names are unique among the live items of one folder (letter case ignored, as people read names). */
export function nameTaken(disk: Map<string, DiskItem>, parentId: string | null, name: string, exceptId?: string): boolean {
  const wanted = name.toLowerCase();
  return [...disk.values()].some((i) => i.itemId !== exceptId && !i.recycled && (i.parentId ?? null) === parentId && i.name.toLowerCase() === wanted);
}

const FORBIDDEN_NAME = /[\\/:*?"<>|\u0000-\u001f]/;

/** A folder or file name as typed: trimmed, 1–200 characters, none of the characters file systems refuse. */
export function validName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name || name.length > 200 || FORBIDDEN_NAME.test(name) || name === '.' || name === '..') throw ApiError.business('file.netDisk.badName');
  return name;
}

/** `name`, or `name (2)`, `name (3)` … before the extension: the first that is free in the folder. */
export function freeName(disk: Map<string, DiskItem>, parentId: string | null, name: string, exceptId?: string): string {
  if (!nameTaken(disk, parentId, name, exceptId)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; n < 10_000; n += 1) {
    const candidate = `${stem} (${n})${ext}`;
    if (!nameTaken(disk, parentId, candidate, exceptId)) return candidate;
  }
  throw ApiError.business('file.netDisk.nameTaken', { name });
}
