import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { extensionOf } from '../../runtime/core/constants';
import type { ServerContext } from '../context';
import type { Db } from '../db/connect';
import type { Principal } from '../auth/Principal';
import { ApiError } from '../http/ApiError';
import { newId, nowText } from '../http/newId';

const MAX_NAME = 200;

export interface StoredFile {
  attachId: string;
  name: string;
  extName: string;
  fileSize: number;
  storedPath: string;
  contentType: string | null;
}

/** Attachments are stored as `attachments/YYYY/MM/<attachId>`: user input never becomes a path. */
export function storedPathFor(attachId: string): string {
  const now = new Date();
  return path.posix.join('attachments', String(now.getFullYear()), String(now.getMonth() + 1).padStart(2, '0'), attachId);
}

/**
 * Streams an uploaded file to disk, never buffering it whole: refused before a byte is written
 * when its extension is not allowed (`refusal` names the message), removed again when it runs
 * over the size limit (the upload limit, or a smaller `maxBytes` of the call). Each caller refuses
 * an empty file with its own message. Every upload of the suite goes through here.
 */
export async function storeUpload(
  ctx: ServerContext, file: MultipartFile, allowed: ReadonlySet<string>, refusal: { key: string; params?: Record<string, unknown> },
  maxBytes?: number,
): Promise<StoredFile> {
  // The name is only ever shown and offered back on download: control characters (NUL breaks a
  // PostgreSQL text column) and any folder part, either slash, are dropped.
  const name = (file.filename || '').replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()!.slice(0, MAX_NAME);
  const extName = extensionOf(name);
  if (!extName || !allowed.has(extName)) {
    file.file.resume();
    throw ApiError.business(refusal.key, { ext: extName || '?', ...refusal.params });
  }
  const attachId = newId();
  const storedPath = storedPathFor(attachId);
  const absolute = path.join(ctx.config.dataDir, storedPath);
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
  let received = 0;
  // Past a call's own limit the rest of the body is read and dropped, so the answer can still be sent.
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(null, maxBytes !== undefined && received > maxBytes ? undefined : chunk);
    },
  });
  await pipeline(file.file, limit, fs.createWriteStream(absolute));
  if (file.file.truncated || (maxBytes !== undefined && received > maxBytes)) {
    await fs.promises.rm(absolute, { force: true });
    const bytes = maxBytes !== undefined && received > maxBytes ? maxBytes : ctx.config.maxUploadBytes;
    throw ApiError.business('file.tooLarge', { mb: Math.round(bytes / 1024 / 1024) });
  }
  const fileSize = (await fs.promises.stat(absolute)).size;
  return { attachId, name, extName, fileSize, storedPath, contentType: file.mimetype?.slice(0, 100) ?? null };
}

export async function discardStoredFile(ctx: ServerContext, file: StoredFile | undefined): Promise<void> {
  if (file) await fs.promises.rm(path.join(ctx.config.dataDir, file.storedPath), { force: true });
}

/** The metadata row that makes a stored file an attachment (listed, downloaded, previewed). */
export async function recordAttachment(db: Db, principal: Pick<Principal, 'userId' | 'unitId'>, file: StoredFile, module: string): Promise<void> {
  await db.insertInto('sys_attach').values({
    attachId: file.attachId, name: file.name, extName: file.extName, fileSize: file.fileSize, storedPath: file.storedPath,
    module: module.slice(0, 50), contentType: file.contentType, createUser: principal.userId, unitId: principal.unitId, createTime: nowText(),
  }).execute();
}
