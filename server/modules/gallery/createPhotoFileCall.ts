import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { rowScopeFor } from '../../entity/dataScope';
import { insertNewRow } from '../../entity/insertNewRow';
import { recordOperation } from '../../audit/recordOperation';
import { discardStoredFile, recordAttachment, storeUpload } from '../../files/attachmentStore';
import { assertWithinQuota } from '../../files/uploadQuota';
import { imageTypeOf, readHead } from '../../people/avatarCalls';
import { galleryEntity } from './albumAccess';

/** `sys_attach.module` of album photos. */
export const PHOTO_MODULE = 'gallery';
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const PHOTO_EXTENSIONS: ReadonlySet<string> = new Set(['jpg', 'jpeg', 'png', 'gif']);
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;

/**
 * POST /set/file/createPhotoFile (multipart: albumId, caption?, takenAt? and then `file`): a
 * photo straight into an album. Needs the photo insert permission and the album within the
 * caller's data scope (404 outside it); JPEG, PNG or GIF by name and content, at most 10 MB,
 * within the caller's upload quota. Answers the new photo {photoId, albumId, image, caption, takenAt}.
 */
export const createPhotoFileCall: CallHandler = {
  auth: 'session',
  multipart: 'stream',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const photo = galleryEntity(ctx, 'PhotoFile');
    const album = galleryEntity(ctx, 'PhotoAlbum');
    const file = request.params.$stream as MultipartFile | undefined;
    const drain = () => file?.file.resume();
    try {
      requirePermission(principal, photo.permissions.insert);
    } catch (error) {
      drain();
      throw error;
    }
    const albumId = String(request.params.albumId ?? '').trim();
    const caption = String(request.params.caption ?? '').trim().slice(0, 200) || null;
    const takenAt = String(request.params.takenAt ?? '').trim();
    if (takenAt && !DATETIME.test(takenAt)) {
      drain();
      throw ApiError.business('gallery.photo.badTakenAt');
    }
    const row = albumId ? await ctx.database.db.selectFrom(album.table).selectAll().where(album.key, '=', albumId).executeTakeFirst() : undefined;
    const scope = await rowScopeFor(ctx, album, principal, 'manage');
    if (!row || !scope.allows(row)) {
      drain();
      throw albumId ? ApiError.notFound('error.recordNotFound') : ApiError.business('gallery.photo.albumRequired');
    }
    if (!file) throw ApiError.business('file.missing');
    const stored = await storeUpload(ctx, file, PHOTO_EXTENSIONS, { key: 'gallery.photo.notImage' }, PHOTO_MAX_BYTES);
    try {
      if (stored.fileSize === 0 || !imageTypeOf(await readHead(path.join(ctx.config.dataDir, stored.storedPath)))) {
        throw ApiError.business('gallery.photo.notImage', { ext: stored.extName });
      }
      await assertWithinQuota(ctx, principal, stored.fileSize);
    } catch (error) {
      await discardStoredFile(ctx, stored);
      throw error;
    }
    const values = { album: albumId, image: stored.attachId, caption: caption ?? stored.name.replace(/\.[^.]+$/, ''), takenAt: takenAt ? (takenAt.length === 16 ? `${takenAt}:00` : takenAt) : nowText() };
    const photoId = await ctx.database.db.transaction().execute(async (trx) => {
      await recordAttachment(trx, principal, stored, PHOTO_MODULE);
      const id = await insertNewRow(ctx, trx, photo, values, { userId: principal.userId, deptId: principal.deptId, unitId: principal.unitId });
      await recordOperation(trx, principal, { entity: photo, action: 'insert', recordId: id, before: null, after: values, detail: 'createPhotoFile' }, request.raw.ip);
      return id;
    });
    return { photoId, albumId, image: stored.attachId, caption: values.caption, takenAt: values.takenAt };
  },
};
