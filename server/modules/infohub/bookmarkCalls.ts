import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { insertNewRow } from '../../entity/insertNewRow';
import { rowToApi } from '../../entity/rowValues';
import { validatedValues } from '../../entity/validateInput';
import { ApiError } from '../../http/ApiError';
import { requireEntity } from './requireEntity';

/** More bookmarks than this are a paste accident, not a list anyone reads. */
export const MAX_BOOKMARKS = 100;

/** GET getMyBookmarks (the spec's "bookmark get"): the caller's bookmarks in their order. */
export const getMyBookmarksCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const entity = requireEntity(request.ctx, 'Bookmark');
    requirePermission(principal, entity.permissions.list);
    const rows = await request.ctx.database.db.selectFrom(entity.table).selectAll()
      .where('createUser', '=', principal.userId).orderBy('sort').orderBy('createTime').orderBy(entity.key).execute();
    return rows.map((row) => rowToApi(entity, row));
  },
};

/**
 * POST setMyBookmarks (the spec's "bookmark set"): `{bookmarks: [{title, url}, …]}` becomes the
 * caller's whole list, in that order, in one transaction: every item is checked as the form
 * checks it (a link must be an in-app path or an http(s) URL) before anything is replaced.
 */
export const setMyBookmarksCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const entity = requireEntity(ctx, 'Bookmark');
    for (const action of ['insert', 'delete'] as const) requirePermission(principal, entity.permissions[action]);
    const items = request.params.bookmarks;
    if (!Array.isArray(items)) throw ApiError.business('infohub.error.listRequired', { field: 'bookmarks' });
    if (items.length > MAX_BOOKMARKS) throw ApiError.business('infohub.error.tooMany', { max: MAX_BOOKMARKS });
    const values = items.map((item, index) => {
      if (!item || typeof item !== 'object') throw ApiError.business('infohub.error.itemNotObject', { row: index + 1 });
      const { title, url } = item as Record<string, unknown>;
      return validatedValues(entity, { title, url, sort: index }, request.t, undefined, principal);
    });
    await ctx.database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom(entity.table).where('createUser', '=', principal.userId).execute();
      for (const value of values) await insertNewRow(ctx, trx, entity, value, principal, request.t);
    });
    return getMyBookmarksCall.handle(request);
  },
};
