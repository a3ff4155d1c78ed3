import type { TransitionEffect } from '../../entity/transitionEffects';
import { nowText } from '../../http/newId';
import { infoEntity } from './infoEntities';

/**
 * 发布 of a news item: it is dated when first published; publishing it again after a withdrawal
 * keeps the first date, so readers' lists do not see an old item come back as new.
 */
export const stampNewsPublish: TransitionEffect = async ({ ctx, trx, row }) => {
  if (row.publishTime) return;
  const news = infoEntity(ctx, 'News');
  await trx.updateTable(news.table).set({ publishTime: nowText() }).where(news.key, '=', String(row[news.key])).execute();
};
