import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { insertNewRow } from '../../entity/insertNewRow';
import { galleryEntity } from './albumAccess';

/**
 * POST /set/file/openFileMapItem {id}: a reader opens a document-map entry — answers its link and
 * attachments and records who opened it when (FileMapRecord). Needs the entry's view permission.
 */
export const openFileMapItemCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const item = galleryEntity(ctx, 'FileMapItem');
    requirePermission(principal, item.permissions.view);
    const id = String(request.params.id ?? '').trim();
    const row = id ? await ctx.database.db.selectFrom(item.table).selectAll().where(item.key, '=', id).executeTakeFirst() : undefined;
    if (!row || row.unitId !== principal.unitId) throw ApiError.notFound('error.recordNotFound');
    const record = galleryEntity(ctx, 'FileMapRecord');
    const openTime = nowText();
    await insertNewRow(ctx, ctx.database.db, record, { item: id, reader: principal.userId, openTime }, { userId: principal.userId, deptId: principal.deptId, unitId: principal.unitId });
    return { itemId: id, title: row.title, link: row.link ?? null, attachment: row.attachment ?? null, openTime };
  },
};
