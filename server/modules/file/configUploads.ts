import fs from 'node:fs';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { IMAGE_UPLOAD_EXTENSIONS, SYSTEM_IMAGE_MAX_MB } from '../../../runtime/core/constants';
import type { CallHandler, CallRequest, CallTable } from '../../calls/CallHandler';
import { REPLY_SENT, callKey } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { discardStoredFile, recordAttachment, storeUpload, type StoredFile } from '../../files/attachmentStore';
import { syncAttachmentLinks } from '../../files/attachmentLinks';
import { splitIds } from '../../entity/rowValues';
import { clearSystemSettingsCache, loadSysConfigRow, sysConfigEntity } from '../../sysConfig/readSystemSettings';
import { writeHrPhoto } from '../hr/hrPhoto';
import { deleteBackGroundImgCall, loginBackgroundId, writeLoginBackground } from './loginBackground';

/**
 * The spec's image uploads under /set/file beside uploadFile/uploadImg: the system
 * configuration's logo, banners and sign-in background (administrators: the superuser or whoever
 * may update 系统配置; the background's removal is in loginBackground.ts), and a personnel file's
 * photo (HR: whoever may update 人事档案). Each takes gif/jpg/jpeg/png only, at most IMAGE_MAX_MB
 * (the browser checks the same constant first), and refuses before a byte is stored when the
 * caller may not.
 */
export const IMAGE_MAX_MB = SYSTEM_IMAGE_MAX_MB;
export const MAX_BANNERS = 5;

async function storeImage(ctx: ServerContext, request: CallRequest, principal: Principal, module: string): Promise<StoredFile> {
  const file = request.params.$stream as MultipartFile | undefined;
  if (!file) throw ApiError.business('file.missing');
  const stored = await storeUpload(ctx, file, IMAGE_UPLOAD_EXTENSIONS, { key: 'file.notImage' }, IMAGE_MAX_MB * 1024 * 1024);
  if (stored.fileSize === 0) {
    await discardStoredFile(ctx, stored);
    throw ApiError.business('file.empty');
  }
  await recordAttachment(ctx.database.db, principal, stored, module);
  return stored;
}

const answerOf = (stored: StoredFile, src: string) => ({ attachId: stored.attachId, fileName: stored.name, extName: stored.extName, fileSize: stored.fileSize, src });
const downloadSrc = (stored: StoredFile) => `/capi/get/file/getFileDown?attachId=${stored.attachId}&extName=${stored.extName}`;
const sysImageSrc = (stored: StoredFile) => `/capi/get/file/getSysImage?attachId=${stored.attachId}`;

type ApplyImage = (ctx: ServerContext, stored: StoredFile, request: CallRequest, principal: Principal) => Promise<string>;

function imageCall(permission: (ctx: ServerContext) => string, module: string, apply: ApplyImage): CallHandler {
  return {
    auth: 'session',
    multipart: 'stream',
    async handle(request) {
      const principal = requirePrincipal(request);
      if (!principal.isSuperAdmin) requirePermission(principal, permission(request.ctx));
      const stored = await storeImage(request.ctx, request, principal, module);
      try {
        return answerOf(stored, await apply(request.ctx, stored, request, principal));
      } catch (error) {
        await request.ctx.database.db.deleteFrom('sys_attach').where('attachId', '=', stored.attachId).execute();
        await discardStoredFile(request.ctx, stored);
        throw error;
      }
    },
  };
}

/** Writes fields of the configuration row as an update would: its version counted, its files' links rewritten, the cache cleared. */
async function updateSysConfig(ctx: ServerContext, change: (row: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  const entity = sysConfigEntity(ctx);
  await ctx.database.db.transaction().execute(async (trx: Db) => {
    const row = await loadSysConfigRow(ctx, trx);
    if (!row) throw ApiError.notFound('error.recordNotFound');
    const values = change(row);
    const id = String(row[entity.key]);
    await trx.updateTable(entity.table).set((eb) => ({ ...values, updateTime: nowText(), rowVersion: eb('rowVersion', '+', 1) })).where(entity.key, '=', id).execute();
    await syncAttachmentLinks(trx, entity, id, { ...row, ...values });
  });
  clearSystemSettingsCache();
}

const configPermission = (ctx: ServerContext) => sysConfigEntity(ctx).permissions.update;

/** uploadLogo: an image for the configuration form's logo field, saved with the form. */
const uploadLogo = imageCall(configPermission, 'sysConfig', async (_ctx, stored) => downloadSrc(stored));

/** uploadSysLogo: the system logo, in force at once. */
const uploadSysLogo = imageCall(configPermission, 'sysConfig', async (ctx, stored) => {
  await updateSysConfig(ctx, () => ({ logo: stored.attachId }));
  return sysImageSrc(stored);
});

/** uploadSysBanner: one more sign-in page banner, after the others (at most MAX_BANNERS). */
const uploadSysBanner = imageCall(configPermission, 'sysConfig', async (ctx, stored) => {
  await updateSysConfig(ctx, (row) => {
    const banners = splitIds(row.banners);
    if (banners.length >= MAX_BANNERS) throw ApiError.business('file.upload.tooManyBanners', { max: MAX_BANNERS });
    return { banners: [...banners, stored.attachId].join(',') };
  });
  return sysImageSrc(stored);
});

/** uploadBackGroundImg: the sign-in page's background, kept in sys_setting and served by getLoginBackground (loginBackground.ts). */
const uploadBackGroundImg = imageCall(configPermission, 'sysConfig', async (ctx, stored, request, principal) => {
  await writeLoginBackground(ctx, stored.attachId, { principal, ip: request.raw.ip, detail: 'uploadBackGroundImg' });
  return '/capi/get/file/getLoginBackground';
});

/** uploadHrPhoto: a personnel file's photo, for HR; with `hrUserId` it becomes that file's `photo` at once. */
const uploadHrPhoto = imageCall((ctx) => {
  const hrUser = ctx.registry.entities.get('HrUser');
  if (!hrUser) throw ApiError.notFound('error.notFound');
  return hrUser.permissions.update;
}, 'hr', async (_ctx, stored, request, principal) => {
  await writeHrPhoto(request, principal, stored.attachId);
  return downloadSrc(stored);
});

const IMAGE_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** getLoginBackground: the sign-in background for the sign-in page (public, like getSysImage); 404 when none is set. */
const loginBackgroundCall: CallHandler = {
  auth: 'public',
  async handle({ ctx, reply }) {
    const { db } = ctx.database;
    const attachId = await loginBackgroundId(db);
    const row = attachId ? await db.selectFrom('sys_attach').select(['extName', 'fileSize', 'storedPath']).where('attachId', '=', attachId).executeTakeFirst() : undefined;
    const type = row ? IMAGE_TYPES[String(row.extName).toLowerCase()] : undefined;
    const absolute = row ? path.join(ctx.config.dataDir, String(row.storedPath)) : '';
    if (!row || !type || !fs.existsSync(absolute)) throw ApiError.notFound('file.notFound');
    await reply.header('Content-Type', type).header('Content-Length', String(row.fileSize)).header('X-Content-Type-Options', 'nosniff')
      .send(fs.createReadStream(absolute));
    return REPLY_SENT;
  },
};

export function registerConfigUploads(table: CallTable): void {
  table.set(callKey('set', 'file', 'uploadLogo'), uploadLogo);
  table.set(callKey('set', 'file', 'uploadSysLogo'), uploadSysLogo);
  table.set(callKey('set', 'file', 'uploadSysBanner'), uploadSysBanner);
  table.set(callKey('set', 'file', 'uploadBackGroundImg'), uploadBackGroundImg);
  table.set(callKey('set', 'file', 'deleteBackGroundImg'), deleteBackGroundImgCall);
  table.set(callKey('set', 'file', 'uploadHrPhoto'), uploadHrPhoto);
  table.set(callKey('get', 'file', 'getLoginBackground'), loginBackgroundCall);
}
