import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { fileEntity } from './fileEntities';

/**
 * 公共文件柜 permissions: grants (PublicFolderGrant) give a user, a role or a department one
 * level on a folder — view (list and download), upload (and view), manage (and delete files,
 * change the folder's grants) — and a folder's grants reach every folder below it. The folder's
 * manager, the file administrator (who may update folders) and the superuser manage every folder.
 */
export const LEVELS = ['none', 'view', 'upload', 'manage'] as const;
export type Level = (typeof LEVELS)[number];

const rank = (level: Level) => LEVELS.indexOf(level);
export const atLeast = (level: Level, wanted: Level) => rank(level) >= rank(wanted);

export interface CabinetFolder { folderId: string; folderName: string; parentId: string | null; manager: string | null; sort: number }

/** The cabinet's folders of one unit (each unit has its own cabinet). */
export async function loadFolders(ctx: ServerContext, db: Db, unitId: string): Promise<Map<string, CabinetFolder>> {
  const folders = fileEntity(ctx, 'PublicFolder');
  const rows = await db.selectFrom(folders.table).select(['folderId', 'folderName', 'parentId', 'manager', 'sort']).where('unitId', '=', unitId).execute();
  return new Map(rows.map((r) => [String(r.folderId), {
    folderId: String(r.folderId), folderName: String(r.folderName), parentId: r.parentId ? String(r.parentId) : null,
    manager: r.manager ? String(r.manager) : null, sort: Number(r.sort ?? 0),
  }]));
}

/** A department grant reaches the people of the department and of every department below it. */
async function deptAndAbove(db: Db, deptId: string): Promise<string[]> {
  const chain: string[] = [];
  for (let at: string | null = deptId, hops = 0; at && hops < 50 && !chain.includes(at); hops += 1) {
    chain.push(at);
    const row = await db.selectFrom('sys_dept').select('parentId').where('deptId', '=', at).executeTakeFirst();
    at = row?.parentId ? String(row.parentId) : null;
  }
  return chain;
}

/** Each folder's level for the principal, inherited down the tree. */
export async function folderLevels(ctx: ServerContext, db: Db, principal: Principal, folders: Map<string, CabinetFolder>): Promise<Map<string, Level>> {
  const administers = principal.isSuperAdmin || principal.permissions.has(fileEntity(ctx, 'PublicFolder').permissions.update);
  const grants = fileEntity(ctx, 'PublicFolderGrant');
  const depts = administers ? [] : await deptAndAbove(db, principal.deptId);
  const mine = administers ? [] : await db.selectFrom(grants.table).select(['folder', 'level'])
    .where((eb) => eb.or([
      eb.and([eb('subjectType', '=', 'user'), eb('subjectId', '=', principal.userId)]),
      eb.and([eb('subjectType', '=', 'dept'), eb('subjectId', 'in', depts)]),
      ...(principal.roleIds.length ? [eb.and([eb('subjectType', '=', 'role'), eb('subjectId', 'in', principal.roleIds)])] : []),
    ])).execute();
  const own = new Map<string, Level>();
  for (const g of mine) {
    const level = (LEVELS as readonly string[]).includes(String(g.level)) ? String(g.level) as Level : 'none';
    const folder = String(g.folder);
    if (rank(level) > rank(own.get(folder) ?? 'none')) own.set(folder, level);
  }
  const levels = new Map<string, Level>();
  const levelOf = (id: string, depth = 0): Level => {
    const known = levels.get(id);
    if (known) return known;
    const folder = folders.get(id);
    if (!folder || depth > 100) return 'none';
    let level: Level = administers || folder.manager === principal.userId ? 'manage' : own.get(id) ?? 'none';
    if (folder.parentId) {
      const inherited = levelOf(folder.parentId, depth + 1);
      if (rank(inherited) > rank(level)) level = inherited;
    }
    levels.set(id, level);
    return level;
  };
  for (const id of folders.keys()) levelOf(id);
  return levels;
}

/** The principal's level on one folder, refused (403) below `wanted`; an unknown folder is 404. */
export async function requireFolderLevel(ctx: ServerContext, db: Db, principal: Principal, folderId: unknown, wanted: Level): Promise<{ folder: CabinetFolder; level: Level }> {
  const folders = await loadFolders(ctx, db, principal.unitId);
  const folder = typeof folderId === 'string' ? folders.get(folderId) : undefined;
  if (!folder) throw ApiError.notFound('file.cabinet.folderNotFound');
  const level = (await folderLevels(ctx, db, principal, folders)).get(folder.folderId) ?? 'none';
  if (!atLeast(level, wanted)) throw ApiError.forbidden('file.cabinet.noAccess', { folder: folder.folderName });
  return { folder, level };
}

/**
 * Of these attachments, those held by a public file in a folder the principal may view: read
 * through getFileDown and the previews like any file of a readable record.
 */
export async function readablePublicAttachments(ctx: ServerContext, principal: Principal, attachIds: string[]): Promise<string[]> {
  const files = ctx.registry.entities.get('PublicFile');
  if (!files || attachIds.length === 0) return [];
  const { db } = ctx.database;
  const links = await db.selectFrom('sys_attach_link').innerJoin(files.table, `${files.table}.${files.key}`, 'sys_attach_link.recordId')
    .select(['sys_attach_link.attachId as attachId', `${files.table}.folder as folder`])
    .where('sys_attach_link.entity', '=', files.name).where('sys_attach_link.attachId', 'in', attachIds).execute();
  if (links.length === 0) return [];
  const folders = await loadFolders(ctx, db, principal.unitId);
  const levels = await folderLevels(ctx, db, principal, folders);
  return links.filter((l) => atLeast(levels.get(String(l.folder)) ?? 'none', 'view')).map((l) => String(l.attachId));
}
