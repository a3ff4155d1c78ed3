import fs from 'node:fs';
import path from 'node:path';
import { REPLY_SENT, type CallHandler } from '../../calls/CallHandler';
import { requirePage, requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/ApiError';
import { imageTypeOf, readHead } from '../../people/avatarCalls';
import { galleryEntity, visibleAlbum, visibleAlbumScope } from './albumAccess';

const MAX_ALBUMS = 200;
const MAX_PHOTOS = 500;

/** The album grid page's calls are for those who may open it: its menu grant, or the gallery entities' list. */
function requireGalleryReader(ctx: ServerContext, principal: Principal): void {
  const album = galleryEntity(ctx, 'PhotoAlbum');
  if (!principal.permissions.has(album.permissions.list)) requirePage(principal, 'galleryAlbums');
}

/**
 * GET /get/file/getMyPhotoAlbums: the albums the caller may look at (albumAccess.ts), by sort,
 * each with its photo count and the picture shown as its cover (the cover, else the newest photo).
 */
export const getMyPhotoAlbumsCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    requireGalleryReader(ctx, principal);
    const album = galleryEntity(ctx, 'PhotoAlbum');
    const photo = galleryEntity(ctx, 'PhotoFile');
    const scope = await visibleAlbumScope(ctx, principal);
    let query = ctx.database.db.selectFrom(album.table).selectAll();
    if (scope.condition) query = query.where(scope.condition);
    const albums = await query.orderBy('sort').orderBy(album.key).limit(MAX_ALBUMS).execute();
    const ids = albums.map((a) => String(a[album.key]));
    const photos = ids.length ? await ctx.database.db.selectFrom(photo.table).select(['album', 'image', 'createTime'])
      .where('album', 'in', ids).orderBy('createTime', 'desc').execute() : [];
    return albums.map((a) => {
      const own = photos.filter((p) => p.album === a[album.key]);
      return {
        albumId: String(a[album.key]), albumName: a.albumName, description: a.description ?? null,
        visibleAll: Number(a.visibleAll) === 1, photoCount: own.length,
        cover: (a.cover as string | null) || (own[0]?.image as string | undefined) || null,
      };
    });
  },
};

/** GET /get/file/getAlbumPhotos?albumId=: the photos of an album the caller may look at (404 otherwise), newest taken first. */
export const getAlbumPhotosCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    requireGalleryReader(ctx, principal);
    const albumId = String(request.params.albumId ?? '').trim();
    const album = await visibleAlbum(ctx, principal, albumId);
    if (!album) throw ApiError.notFound('error.recordNotFound');
    const photo = galleryEntity(ctx, 'PhotoFile');
    const rows = await ctx.database.db.selectFrom(photo.table).select([photo.key, 'image', 'caption', 'takenAt', 'createTime'])
      .where('album', '=', albumId).orderBy('takenAt', 'desc').orderBy(photo.key, 'desc').limit(MAX_PHOTOS).execute();
    return {
      albumId, albumName: album.albumName, description: album.description ?? null,
      photos: rows.map((r) => ({ photoId: String(r[photo.key]), image: r.image, caption: r.caption ?? null, takenAt: r.takenAt ?? null })),
    };
  },
};

/**
 * GET /get/file/getPhotoImage?attachId=: the bytes of a photo or an album cover, for a caller who
 * may look at its album (the attachment download would ask for the photo record's own read
 * permission, which staff do not hold). Served only as a JPEG, PNG or GIF by its content.
 */
export const getPhotoImageCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    requireGalleryReader(ctx, principal);
    const attachId = String(request.params.attachId ?? '').trim();
    if (!attachId) throw ApiError.notFound('file.notFound');
    const album = galleryEntity(ctx, 'PhotoAlbum');
    const photo = galleryEntity(ctx, 'PhotoFile');
    const { db } = ctx.database;
    const albumIds = [
      ...(await db.selectFrom(photo.table).select('album').where('image', '=', attachId).execute()).map((r) => String(r.album)),
      ...(await db.selectFrom(album.table).select(album.key).where('cover', '=', attachId).execute()).map((r) => String(r[album.key])),
    ];
    let visible = false;
    for (const id of albumIds) if (!visible && await visibleAlbum(ctx, principal, id)) visible = true;
    if (!visible) throw ApiError.notFound('file.notFound');
    const attach = await db.selectFrom('sys_attach').select(['storedPath', 'fileSize']).where('attachId', '=', attachId).executeTakeFirst();
    const absolute = attach ? path.join(ctx.config.dataDir, String(attach.storedPath)) : '';
    const type = attach && fs.existsSync(absolute) ? imageTypeOf(await readHead(absolute)) : null;
    if (!type) throw ApiError.notFound('file.notFound');
    await request.reply
      .header('Content-Type', type)
      .header('Content-Length', String(attach!.fileSize))
      .header('Cache-Control', 'private, max-age=300')
      .header('X-Content-Type-Options', 'nosniff')
      .send(fs.createReadStream(absolute));
    return REPLY_SENT;
  },
};
