import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ALLOWED_EXTENSIONS, IMAGE_UPLOAD_EXTENSIONS, extensionOf } from '../../runtime/core/constants';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { REPLY_SENT, callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { newId, nowText } from '../http/newId';
import { readIdList } from '../http/normaliseBody';
import type { Principal } from '../auth/Principal';
import type { ServerContext } from '../context';
import { contentDisposition } from './contentDisposition';

const MAX_NAME = 200;

/** Attachments are stored as `attachments/YYYY/MM/<attachId>`: user input never becomes a path. */
function storedPathFor(attachId: string): string {
  const now = new Date();
  return path.posix.join('attachments', String(now.getFullYear()), String(now.getMonth() + 1).padStart(2, '0'), attachId);
}

/** Files are readable by users of the uploader's unit (and by the admin role). */
function mayRead(principal: Principal, row: Record<string, unknown>): boolean {
  return principal.isSuperAdmin || row.createUser === principal.userId || row.unitId === principal.unitId;
}

async function saveUpload(ctx: ServerContext, principal: Principal, file: MultipartFile, module: string, imagesOnly: boolean) {
  const name = path.basename(file.filename || '').slice(0, MAX_NAME);
  const extName = extensionOf(name);
  const allowed = imagesOnly ? IMAGE_UPLOAD_EXTENSIONS : ALLOWED_EXTENSIONS;
  if (!extName || !allowed.has(extName)) {
    file.file.resume();
    throw ApiError.business(imagesOnly ? 'file.notImage' : 'file.typeNotAllowed', { ext: extName || '?' });
  }
  const attachId = newId();
  const relative = storedPathFor(attachId);
  const absolute = path.join(ctx.config.dataDir, relative);
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true });
  await pipeline(file.file, fs.createWriteStream(absolute));
  if (file.file.truncated) {
    await fs.promises.rm(absolute, { force: true });
    throw ApiError.business('file.tooLarge', { mb: Math.round(ctx.config.maxUploadBytes / 1024 / 1024) });
  }
  const fileSize = (await fs.promises.stat(absolute)).size;
  await ctx.database.db.insertInto('sys_attach').values({
    attachId, name, extName, fileSize, storedPath: relative, module: module.slice(0, 50),
    contentType: file.mimetype?.slice(0, 100) ?? null, createUser: principal.userId, unitId: principal.unitId, createTime: nowText(),
  }).execute();
  return { fileName: name, attachId, extName, fileSize };
}

function uploadCall(imagesOnly: boolean): CallHandler {
  return {
    auth: 'session',
    multipart: 'stream',
    async handle(request) {
      const principal = requirePrincipal(request);
      const file = request.params.$stream as MultipartFile | undefined;
      if (!file) throw ApiError.business('file.missing');
      const saved = await saveUpload(request.ctx, principal, file, String(request.params.module ?? 'fixedattach'), imagesOnly);
      return imagesOnly ? { ...saved, src: `/capi/get/file/getFileDown?attachId=${saved.attachId}&extName=${saved.extName}` } : saved;
    },
  };
}

const attachListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const ids = readIdList(request.params.attachIds).slice(0, 500);
    if (ids.length === 0) return [];
    const rows = await request.ctx.database.db.selectFrom('sys_attach')
      .select(['attachId', 'name', 'extName', 'fileSize', 'createTime', 'createUser', 'unitId'])
      .where('attachId', 'in', ids).execute();
    const byId = new Map(rows.filter((r) => mayRead(principal, r)).map((r) => [r.attachId, r]));
    return ids.map((id) => byId.get(id)).filter(Boolean)
      .map((r) => ({ attachId: r!.attachId, name: r!.name, extName: r!.extName, fileSize: r!.fileSize, createTime: r!.createTime }));
  },
};

const downloadCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const attachId = String(request.params.attachId ?? '');
    const row = attachId ? await request.ctx.database.db.selectFrom('sys_attach').selectAll().where('attachId', '=', attachId).executeTakeFirst() : undefined;
    if (!row) throw ApiError.notFound('file.notFound');
    if (!mayRead(principal, row)) throw ApiError.forbidden('error.outOfScope');
    const absolute = path.join(request.ctx.config.dataDir, String(row.storedPath));
    if (!fs.existsSync(absolute)) throw ApiError.notFound('file.notFound');
    await request.reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Length', String(row.fileSize))
      .header('Content-Disposition', contentDisposition(String(row.name)))
      .send(fs.createReadStream(absolute));
    return REPLY_SENT;
  },
};

export function registerFileCalls(table: CallTable): void {
  table.set(callKey('set', 'file', 'uploadFile'), uploadCall(false));
  table.set(callKey('set', 'file', 'uploadImg'), uploadCall(true));
  table.set(callKey('get', 'file', 'getAttachList'), attachListCall);
  table.set(callKey('get', 'file', 'getFileDown'), downloadCall);
}
