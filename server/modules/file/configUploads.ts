import fs from 'node:fs';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { IMAGE_UPLOAD_EXTENSIONS } from '../../../runtime/core/constants';
import type { CallHandler, CallRequest, CallTable } from '../../calls/CallHandler';
import { REPLY_SENT, callKey } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { newId, nowText } from '../../http/newId';
import { discardStoredFile, recordAttachment, storeUpload, type StoredFile } from '../../files/attachmentStore';
import { LINK_TABLE, syncAttachmentLinks } from '../../files/attachmentLinks';
import { splitIds } from '../../entity/rowValues';
import { clearSystemSettingsCache, loadSysConfigRow, sysConfigEntity } from '../../sysConfig/readSystemSettings';

/**
 * The spec's image uploads under /set/file beside uploadFile/uploadImg: the system
 * configuration's logo, banners and sign-in background (administrators: the superuser or whoever
 * may update 系统配置), and a personnel file's photo (HR: whoever may update 人事档案). Each takes
 * gif/jpg/jpeg/png only, at most IMAGE_MAX_MB, and refuses before a byte is stored when the
 * caller may not.
 */
export const IMAGE_MAX_MB = 2;
export const MAX_BANNERS = 5;
const BACKGROUND_KEY = 'loginBackground';
/** The link that keeps the sign-in background from the purge of unlinked files (no entity holds it). */
const BACKGROUND_LINK = { entity: 'LoginBackground', recordId: BACKGROUND_KEY };

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

function imageCall(permission: (ctx: ServerContext) => string, module: string, apply: (ctx: ServerContext, stored: StoredFile) => Promise<string>): CallHandler {
  return {
    auth: 'session',
    multipart: 'stream',
    async handle(request) {
      const principal = requirePrincipal(request);
      if (!principal.isSuperAdmin) requirePermission(principal, permission(request.ctx));
      const stored = await storeImage(request.ctx, request, principal, module);
      try {
        return answerOf(stored, await apply(request.ctx, stored));
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

/** uploadBackGroundImg: the sign-in page's background, kept in sys_setting and served by getLoginBackground. */
const uploadBackGroundImg = imageCall(configPermission, 'sysConfig', async (ctx, stored) => {
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sys_setting').where('settingKey', '=', BACKGROUND_KEY).execute();
    await trx.insertInto('sys_setting').values({ settingKey: BACKGROUND_KEY, value: JSON.stringify(stored.attachId), updateTime: nowText() }).execute();
    await trx.deleteFrom(LINK_TABLE).where('entity', '=', BACKGROUND_LINK.entity).where('recordId', '=', BACKGROUND_LINK.recordId).execute();
    await trx.insertInto(LINK_TABLE).values({ linkId: newId(), attachId: stored.attachId, ...BACKGROUND_LINK }).execute();
  });
  return '/capi/get/file/getLoginBackground';
});

/** uploadHrPhoto: a personnel file's photo, for HR. */
const uploadHrPhoto = imageCall((ctx) => {
  const hrUser = ctx.registry.entities.get('HrUser');
  if (!hrUser) throw ApiError.notFound('error.notFound');
  return hrUser.permissions.update;
}, 'hr', async (_ctx, stored) => downloadSrc(stored));

const IMAGE_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** getLoginBackground: the sign-in background for the sign-in page (public, like getSysImage); 404 when none is set. */
const loginBackgroundCall: CallHandler = {
  auth: 'public',
  async handle({ ctx, reply }) {
    const { db } = ctx.database;
    const setting = await db.selectFrom('sys_setting').select('value').where('settingKey', '=', BACKGROUND_KEY).executeTakeFirst();
    const attachId = setting ? String(JSON.parse(String(setting.value))) : '';
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
  table.set(callKey('set', 'file', 'uploadHrPhoto'), uploadHrPhoto);
  table.set(callKey('get', 'file', 'getLoginBackground'), loginBackgroundCall);
}
