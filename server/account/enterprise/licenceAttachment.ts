import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { extensionOf } from '../../../runtime/core/constants';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { Principal } from '../../auth/Principal';
import { ApiError } from '../../http/ApiError';
import { newId, nowText } from '../../http/newId';
import { readIdList } from '../../http/normaliseBody';

/** A business licence is a scan or a PDF: these extensions only (a subset of the spec's groups). */
export const LICENCE_EXTENSIONS: ReadonlySet<string> = new Set(['pdf', 'ofd', 'png', 'jpg', 'jpeg', 'bmp', 'gif', 'tif', 'webp']);

export interface StoredFile {
  attachId: string;
  name: string;
  extName: string;
  fileSize: number;
  storedPath: string;
  contentType: string | null;
}

/**
 * Streams the licence file of a saveEnterprise / editEnterprise request to disk, the way
 * /set/file/uploadFile stores attachments (`attachments/YYYY/MM/<attachId>`: the user's file
 * name never becomes a path), so /get/file/getFileDown serves it. The metadata row is written
 * later, with the enterprise record, by `recordAttachment`.
 */
export async function storeLicenceFile(ctx: ServerContext, file: MultipartFile): Promise<StoredFile> {
  const name = path.basename(file.filename || '').slice(0, 200);
  const extName = extensionOf(name);
  if (!extName || !LICENCE_EXTENSIONS.has(extName)) {
    file.file.resume();
    throw ApiError.business('account.enterprise.badLicenceType', { ext: extName || '?', allowed: [...LICENCE_EXTENSIONS].join('、') });
  }
  const attachId = newId();
  const now = new Date();
  const storedPath = path.posix.join('attachments', String(now.getFullYear()), String(now.getMonth() + 1).padStart(2, '0'), attachId);
  const absolute = path.join(ctx.config.dataDir, storedPath);
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
  await pipeline(file.file, fs.createWriteStream(absolute));
  if (file.file.truncated) {
    await fs.promises.rm(absolute, { force: true });
    throw ApiError.business('file.tooLarge', { mb: Math.round(ctx.config.maxUploadBytes / 1024 / 1024) });
  }
  const fileSize = (await fs.promises.stat(absolute)).size;
  if (fileSize === 0) {
    await fs.promises.rm(absolute, { force: true });
    throw ApiError.business('account.enterprise.emptyLicence');
  }
  return { attachId, name, extName, fileSize, storedPath, contentType: file.mimetype?.slice(0, 100) ?? null };
}

export async function discardStoredFile(ctx: ServerContext, file: StoredFile | undefined): Promise<void> {
  if (file) await fs.promises.rm(path.join(ctx.config.dataDir, file.storedPath), { force: true });
}

export async function recordAttachment(db: Db, principal: Principal, file: StoredFile): Promise<void> {
  await db.insertInto('sys_attach').values({
    attachId: file.attachId, name: file.name, extName: file.extName, fileSize: file.fileSize, storedPath: file.storedPath,
    module: 'enterprise', contentType: file.contentType, createUser: principal.userId, unitId: principal.unitId, createTime: nowText(),
  }).execute();
}

/** Attachment ids sent instead of a file (uploaded earlier with /set/file/uploadFile) must exist and be the caller's own. */
export async function checkOwnAttachments(ctx: ServerContext, principal: Principal, value: unknown, allowed: ReadonlySet<string> = new Set()): Promise<void> {
  const ids = readIdList(value).filter((id) => !allowed.has(id));
  if (ids.length === 0) return;
  const rows = await ctx.database.db.selectFrom('sys_attach').select(['attachId', 'createUser', 'extName']).where('attachId', 'in', ids).execute();
  const ok = rows.length === new Set(ids).size
    && rows.every((r) => (principal.isSuperAdmin || r.createUser === principal.userId) && LICENCE_EXTENSIONS.has(String(r.extName)));
  if (!ok) throw ApiError.business('account.enterprise.badAttachment');
}
