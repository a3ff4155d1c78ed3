import fs from 'node:fs';
import type { TFunction } from 'i18next';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { ALLOWED_EXTENSIONS, IMAGE_UPLOAD_EXTENSIONS } from '../../runtime/core/constants';
import { discardStoredFile, recordAttachment, storeUpload } from './attachmentStore';
import { assertWithinQuota } from './uploadQuota';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { REPLY_SENT, callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { readIdList } from '../http/normaliseBody';
import type { Principal } from '../auth/Principal';
import { mayReadAttachment, readableAttachments } from './attachmentAccess';
import type { ServerContext } from '../context';
import { contentDisposition } from './contentDisposition';
import { sandboxFileAnswer } from '../http/securityHeaders';

async function saveUpload(ctx: ServerContext, principal: Principal, file: MultipartFile, module: string, imagesOnly: boolean, t: TFunction) {
  // A refusal names what may be uploaded, so the user knows what to convert the file to.
  const refusal = imagesOnly
    ? { key: 'file.notImage' }
    : { key: 'file.typeRefused', params: { allowed: [...ALLOWED_EXTENSIONS].join(t('file.typeSeparator')) } };
  const stored = await storeUpload(ctx, file, imagesOnly ? IMAGE_UPLOAD_EXTENSIONS : ALLOWED_EXTENSIONS, refusal);
  try {
    if (stored.fileSize === 0) throw ApiError.business('file.empty');
    await assertWithinQuota(ctx, principal, stored.fileSize);
  } catch (error) {
    await discardStoredFile(ctx, stored);
    throw error;
  }
  await recordAttachment(ctx.database.db, principal, stored, module);
  return { fileName: stored.name, attachId: stored.attachId, extName: stored.extName, fileSize: stored.fileSize };
}

function uploadCall(imagesOnly: boolean): CallHandler {
  return {
    auth: 'session',
    multipart: 'stream',
    async handle(request) {
      const principal = requirePrincipal(request);
      const file = request.params.$stream as MultipartFile | undefined;
      if (!file) throw ApiError.business('file.missing');
      const saved = await saveUpload(request.ctx, principal, file, String(request.params.module ?? 'fixedattach'), imagesOnly, request.t);
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
      .select(['attachId', 'name', 'extName', 'fileSize', 'createTime', 'createUser'])
      .where('attachId', 'in', ids).execute();
    const readable = await readableAttachments(request.ctx, principal, rows);
    const byId = new Map(rows.filter((r) => readable.has(String(r.attachId))).map((r) => [r.attachId, r]));
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
    if (!(await mayReadAttachment(request.ctx, principal, row))) throw ApiError.forbidden('error.outOfScope');
    const absolute = path.join(request.ctx.config.dataDir, String(row.storedPath));
    if (!fs.existsSync(absolute)) throw ApiError.notFound('file.notFound');
    // Bytes to save, never a page: an uploaded HTML or SVG file cannot run in the app's origin.
    await sandboxFileAnswer(request.reply)
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
