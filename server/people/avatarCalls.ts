import fs from 'node:fs';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { REPLY_SENT, type CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity } from '../context';
import { ApiError } from '../http/ApiError';
import { nowText } from '../http/newId';
import { discardStoredFile, recordAttachment, storeUpload } from '../files/attachmentStore';
import { recordOperation } from '../audit/recordOperation';
import { syncAttachmentLinks } from '../files/attachmentLinks';
import { nextRowVersion } from '../entity/rowVersion';

/** `sys_attach.module` of avatars: updateMyInfo accepts only one's own uploads of this kind. */
export const AVATAR_MODULE = 'avatar';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_EXTENSIONS: ReadonlySet<string> = new Set(['jpg', 'jpeg', 'png', 'gif']);

/** The image type by the file's first bytes; null when it is none of JPEG, PNG, GIF. */
export function imageTypeOf(head: Buffer): 'image/jpeg' | 'image/png' | 'image/gif' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  const gif = head.subarray(0, 6).toString('latin1');
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  return null;
}

export async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(8);
    const { bytesRead } = await handle.read(buffer, 0, 8, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * POST /set/file/uploadAvatar (multipart `file`): the signed-in user's picture. JPEG, PNG or GIF
 * only — by name and by content, so a renamed document is refused — at most 2 MB; stored in the
 * attachment store and set as the user's avatar at once. Answers {attachId, fileName, extName,
 * fileSize}.
 */
export const uploadAvatarCall: CallHandler = {
  auth: 'session',
  multipart: 'stream',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const file = request.params.$stream as MultipartFile | undefined;
    if (!file) throw ApiError.business('file.missing');
    const stored = await storeUpload(ctx, file, AVATAR_EXTENSIONS, { key: 'people.avatar.notImage' }, AVATAR_MAX_BYTES);
    const absolute = path.join(ctx.config.dataDir, stored.storedPath);
    if (stored.fileSize === 0 || !imageTypeOf(await readHead(absolute))) {
      await discardStoredFile(ctx, stored);
      throw ApiError.business('people.avatar.notImage', { ext: stored.extName });
    }
    const users = systemEntity(ctx, 'User');
    const { db } = ctx.database;
    const before = await db.selectFrom(users.table).select('avatar').where(users.key, '=', principal.userId).executeTakeFirst();
    await db.transaction().execute(async (trx) => {
      await recordAttachment(trx, principal, stored, AVATAR_MODULE);
      await trx.updateTable(users.table).set({ avatar: stored.attachId, updateTime: nowText(), ...nextRowVersion() }).where(users.key, '=', principal.userId).execute();
      // The avatar is the user record's only file field.
      await syncAttachmentLinks(trx, users, principal.userId, { avatar: stored.attachId });
      await recordOperation(trx, principal, {
        entity: users, action: 'update', recordId: principal.userId, before: { avatar: before?.avatar ?? null }, after: { avatar: stored.attachId }, detail: 'uploadAvatar',
      }, request.raw.ip);
    });
    return { attachId: stored.attachId, fileName: stored.name, extName: stored.extName, fileSize: stored.fileSize };
  },
};

/**
 * GET /get/file/getAvatar?userId= (none: the caller's own): the picture's bytes with its image
 * type, for the browser to show through an object URL (an <img> cannot send the Bearer token).
 * Colleagues of one unit see each other's pictures; the superuser role sees all (403 otherwise,
 * 404 for an unknown user). 204 when the user has no picture, or it is not an image.
 */
export const getAvatarCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const users = systemEntity(ctx, 'User');
    const { db } = ctx.database;
    const userId = String(request.params.userId ?? '').trim() || principal.userId;
    const user = await db.selectFrom(users.table).select(['userId', 'unitId', 'avatar']).where(users.key, '=', userId).executeTakeFirst();
    if (!user) throw ApiError.notFound('error.recordNotFound');
    if (userId !== principal.userId && !principal.isSuperAdmin && user.unitId !== principal.unitId) throw ApiError.forbidden('error.outOfScope');
    const attach = user.avatar
      ? await db.selectFrom('sys_attach').select(['storedPath', 'fileSize']).where('attachId', '=', String(user.avatar)).executeTakeFirst()
      : undefined;
    const absolute = attach ? path.join(ctx.config.dataDir, String(attach.storedPath)) : '';
    const type = attach && fs.existsSync(absolute) ? imageTypeOf(await readHead(absolute)) : null;
    if (!type) {
      await request.reply.status(204).header('Cache-Control', 'private, no-store').send();
      return REPLY_SENT;
    }
    await request.reply
      .header('Content-Type', type)
      .header('Content-Length', String(attach!.fileSize))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(fs.createReadStream(absolute));
    return REPLY_SENT;
  },
};
