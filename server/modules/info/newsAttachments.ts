import { hasAnyPermission } from '../../calls/requirePrincipal';
import type { AttachmentReader } from '../../files/attachmentAccess';
import { LINK_TABLE } from '../../files/attachmentLinks';
import { infoEntity } from './infoEntities';

/**
 * The files of a published news item — cover, attachments, pictures in its text — are read by
 * every reader of its unit, as the item is (the generic rule knows only its publisher's my list).
 */
export const readPublishedNewsFiles: AttachmentReader = async (ctx, principal, attachIds) => {
  const news = infoEntity(ctx, 'News');
  if (!hasAnyPermission(principal, [news.permissions.my, news.permissions.view, news.permissions.list])) return [];
  const rows = await ctx.database.db.selectFrom(`${LINK_TABLE} as l`)
    .innerJoin(`${news.table} as n`, `n.${news.key}`, 'l.recordId')
    .select('l.attachId').where('l.entity', '=', news.name).where('l.attachId', 'in', attachIds)
    .where('n.status', '=', 'published').where('n.unitId', '=', principal.unitId).execute();
  return rows.map((r) => String(r.attachId));
};
