import type { MultipartFile } from '@fastify/multipart';
import { ALLOWED_EXTENSIONS } from '../../../runtime/core/constants';
import type { CallHandler, CallRequest, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import { ApiError } from '../../http/ApiError';
import { readIdList } from '../../http/normaliseBody';
import { insertNewRow } from '../../entity/insertNewRow';
import { dropAttachmentLinks } from '../../files/attachmentLinks';
import { discardStoredFile, recordAttachment, storeUpload } from '../../files/attachmentStore';
import { assertWithinQuota } from '../../files/uploadQuota';
import { splitIds } from '../../entity/rowValues';
import { fileEntity, textParam } from './fileEntities';
import { atLeast, folderLevels, loadFolders, requireFolderLevel, type Level } from './publicFolderAccess';

/**
 * 公共文件柜 for everyone: the folders one may see with one's level on each, a folder's files,
 * upload into a folder, delete, and the folder's grants added and removed in batches. The
 * generic PublicFile/PublicFolder screens stay the file administrator's.
 */

function sessionCall(handle: (request: CallRequest, principal: Principal) => Promise<unknown>): CallHandler {
  return { auth: 'session', async handle(request) { return handle(request, requirePrincipal(request)); } };
}

/** getMyPublicFolders: folders the caller may view, with the folders above them (level none) so the tree holds together. */
const myFoldersCall = sessionCall(async ({ ctx }, principal) => {
  const { db } = ctx.database;
  const folders = await loadFolders(ctx, db, principal.unitId);
  const levels = await folderLevels(ctx, db, principal, folders);
  const shown = new Set<string>();
  for (const folder of folders.values()) {
    if (!atLeast(levels.get(folder.folderId) ?? 'none', 'view')) continue;
    for (let at: string | null = folder.folderId, hops = 0; at && !shown.has(at) && hops < 100; at = folders.get(at)?.parentId ?? null, hops += 1) shown.add(at);
  }
  return [...folders.values()].filter((f) => shown.has(f.folderId))
    .sort((a, b) => a.sort - b.sort || a.folderName.localeCompare(b.folderName, 'zh-CN'))
    .map((f) => ({ folderId: f.folderId, folderName: f.folderName, parentId: f.parentId, level: levels.get(f.folderId) ?? 'none' }));
});

/** getPublicFolderFiles {folderId}: its files with their attachments' names and sizes (view level). */
const folderFilesCall = sessionCall(async ({ ctx, params }, principal) => {
  const { db } = ctx.database;
  const { level } = await requireFolderLevel(ctx, db, principal, params.folderId, 'view');
  const files = fileEntity(ctx, 'PublicFile');
  const rows = await db.selectFrom(files.table).leftJoin('sys_user', 'sys_user.userId', `${files.table}.createUser`)
    .select([`${files.table}.fileId as fileId`, `${files.table}.title as title`, `${files.table}.files as files`, `${files.table}.remark as remark`,
      `${files.table}.createUser as createUser`, `${files.table}.updateTime as updateTime`, 'sys_user.userName as createUserName'])
    .where(`${files.table}.folder`, '=', String(params.folderId)).orderBy(`${files.table}.updateTime`, 'desc').limit(500).execute();
  const attachIds = rows.flatMap((r) => splitIds(r.files));
  const attachments = attachIds.length
    ? await db.selectFrom('sys_attach').select(['attachId', 'name', 'extName', 'fileSize']).where('attachId', 'in', attachIds).execute() : [];
  const byId = new Map(attachments.map((a) => [String(a.attachId), { attachId: String(a.attachId), name: String(a.name), extName: String(a.extName), fileSize: Number(a.fileSize) }]));
  return {
    level,
    files: rows.map((r) => ({
      fileId: String(r.fileId), title: String(r.title), remark: r.remark ?? '', createUserName: r.createUserName ?? '', updateTime: String(r.updateTime),
      mayDelete: level === 'manage' || r.createUser === principal.userId,
      attachments: splitIds(r.files).map((id) => byId.get(id)).filter(Boolean),
    })),
  };
});

/** uploadPublicFile (multipart: `folderId`, optional `title`, then the file): upload level. */
const uploadCall: CallHandler = {
  auth: 'session',
  multipart: 'stream',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params, t } = request;
    const { db } = ctx.database;
    const file = params.$stream as MultipartFile | undefined;
    // The level is checked before a byte is stored.
    const { folder } = await requireFolderLevel(ctx, db, principal, params.folderId, 'upload');
    if (!file) throw ApiError.business('file.missing');
    const stored = await storeUpload(ctx, file, ALLOWED_EXTENSIONS,
      { key: 'file.typeRefused', params: { allowed: [...ALLOWED_EXTENSIONS].join(t('file.typeSeparator')) } });
    try {
      if (stored.fileSize === 0) throw ApiError.business('file.empty');
      await assertWithinQuota(ctx, principal, stored.fileSize);
      const title = textParam(params, 'title') || stored.name;
      return await db.transaction().execute(async (trx) => {
        await recordAttachment(trx, principal, stored, 'publicCabinet');
        const fileId = await insertNewRow(ctx, trx, fileEntity(ctx, 'PublicFile'), { title, folder: folder.folderId, files: stored.attachId }, principal, t);
        return { fileId, title, attachId: stored.attachId, extName: stored.extName, fileSize: stored.fileSize };
      });
    } catch (error) {
      await discardStoredFile(ctx, stored);
      throw error;
    }
  },
};

/** deletePublicFiles {fileIds}: the folder's managers delete any, uploaders their own. */
const deleteFilesCall = sessionCall(async ({ ctx, params }, principal) => {
  const ids = readIdList(params.fileIds).slice(0, 200);
  const files = fileEntity(ctx, 'PublicFile');
  const { db } = ctx.database;
  const rows = ids.length ? await db.selectFrom(files.table).select(['fileId', 'folder', 'createUser']).where('fileId', 'in', ids).where('unitId', '=', principal.unitId).execute() : [];
  if (rows.length !== ids.length || ids.length === 0) throw ApiError.notFound('error.recordNotFound');
  const folders = await loadFolders(ctx, db, principal.unitId);
  const levels = await folderLevels(ctx, db, principal, folders);
  for (const row of rows) {
    const level = levels.get(String(row.folder)) ?? 'none';
    if (!(level === 'manage' || (row.createUser === principal.userId && atLeast(level, 'upload')))) {
      throw ApiError.forbidden('file.cabinet.noAccess', { folder: folders.get(String(row.folder))?.folderName ?? '' });
    }
  }
  await db.transaction().execute(async (trx) => {
    await dropAttachmentLinks(trx, files, ids);
    await trx.deleteFrom(files.table).where('fileId', 'in', ids).execute();
  });
  return { deleted: ids.length };
});

/** getPublicFolderGrants {folderId}: the folder's own grants (manage level). */
const grantsCall = sessionCall(async ({ ctx, params }, principal) => {
  const { db } = ctx.database;
  await requireFolderLevel(ctx, db, principal, params.folderId, 'manage');
  const grants = fileEntity(ctx, 'PublicFolderGrant');
  return db.selectFrom(grants.table).select(['grantId', 'subjectType', 'subjectId', 'subjectName', 'level'])
    .where('folder', '=', String(params.folderId)).orderBy('subjectType').orderBy('subjectName').execute();
});

const GRANT_LEVELS: readonly Level[] = ['view', 'upload', 'manage'];

/**
 * addPublicFolderUsers {folderId, level, userIds, roleIds, deptIds}: one grant per person, role
 * or department of the unit; one who already holds a grant on the folder gets the new level.
 */
const addGrantsCall = sessionCall(async ({ ctx, params, t }, principal) => {
  const { db } = ctx.database;
  const { folder } = await requireFolderLevel(ctx, db, principal, params.folderId, 'manage');
  const level = String(params.level ?? 'view') as Level;
  if (!GRANT_LEVELS.includes(level)) throw ApiError.business('file.cabinet.badLevel');
  const wanted = { user: readIdList(params.userIds).slice(0, 500), role: readIdList(params.roleIds).slice(0, 200), dept: readIdList(params.deptIds).slice(0, 500) };
  const names = new Map<string, string>();
  const found = async (type: 'user' | 'role' | 'dept') => {
    const ids = wanted[type];
    if (ids.length === 0) return [];
    const rows = type === 'user'
      ? await db.selectFrom('sys_user').select(['userId as id', 'userName as name']).where('userId', 'in', ids).where('unitId', '=', principal.unitId).execute()
      : type === 'role'
        ? await db.selectFrom('sys_role').select(['roleId as id', 'roleName as name']).where('roleId', 'in', ids).execute()
        : await db.selectFrom('sys_dept').select(['deptId as id', 'deptName as name']).where('deptId', 'in', ids).where('unitId', '=', principal.unitId).execute();
    if (rows.length !== new Set(ids).size) throw ApiError.business('file.cabinet.unknownSubject');
    for (const r of rows) names.set(`${type}:${r.id}`, String(r.name));
    return rows.map((r) => String(r.id));
  };
  const subjects = [
    ...(await found('user')).map((id) => ['user', id] as const),
    ...(await found('role')).map((id) => ['role', id] as const),
    ...(await found('dept')).map((id) => ['dept', id] as const),
  ];
  if (subjects.length === 0) throw ApiError.business('file.netDisk.nothingChosen');
  const grants = fileEntity(ctx, 'PublicFolderGrant');
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom(grants.table).select(['grantId', 'subjectType', 'subjectId']).where('folder', '=', folder.folderId).execute();
    const byKey = new Map(existing.map((g) => [`${g.subjectType}:${g.subjectId}`, String(g.grantId)]));
    for (const [type, id] of subjects) {
      const held = byKey.get(`${type}:${id}`);
      if (held) await trx.updateTable(grants.table).set((eb) => ({ level, rowVersion: eb('rowVersion', '+', 1) })).where('grantId', '=', held).execute();
      else await insertNewRow(ctx, trx, grants, { folder: folder.folderId, subjectType: type, subjectId: id, subjectName: names.get(`${type}:${id}`) ?? '', level }, principal, t);
    }
  });
  return { granted: subjects.length };
});

/** removePublicFolderUsers {folderId, grantIds}: takes grants of the folder away. */
const removeGrantsCall = sessionCall(async ({ ctx, params }, principal) => {
  const { db } = ctx.database;
  const { folder } = await requireFolderLevel(ctx, db, principal, params.folderId, 'manage');
  const ids = readIdList(params.grantIds).slice(0, 500);
  if (ids.length === 0) throw ApiError.business('file.netDisk.nothingChosen');
  const grants = fileEntity(ctx, 'PublicFolderGrant');
  const result = await db.deleteFrom(grants.table).where('folder', '=', folder.folderId).where('grantId', 'in', ids).executeTakeFirst();
  return { removed: Number(result.numDeletedRows) };
});

export function registerPublicCabinetCalls(table: CallTable): void {
  table.set(callKey('get', 'file', 'getMyPublicFolders'), myFoldersCall);
  table.set(callKey('get', 'file', 'getPublicFolderFiles'), folderFilesCall);
  table.set(callKey('set', 'file', 'uploadPublicFile'), uploadCall);
  table.set(callKey('set', 'file', 'deletePublicFiles'), deleteFilesCall);
  table.set(callKey('get', 'file', 'getPublicFolderGrants'), grantsCall);
  table.set(callKey('set', 'file', 'addPublicFolderUsers'), addGrantsCall);
  table.set(callKey('set', 'file', 'removePublicFolderUsers'), removeGrantsCall);
}
