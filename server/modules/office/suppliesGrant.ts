import type { TransitionEffect } from '../../entity/transitionEffects';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { lockRow } from '../../entity/lockRow';
import { requireEntity } from './requireEntity';

/**
 * 发放 of an approved supplies application: takes the quantity from the article's stock in the
 * transition's transaction. The article's row is locked first, so two grants of the last boxes
 * take turns and the second reads the stock the first left; beyond the stock the grant is refused
 * in words and nothing changes (the application stays approved).
 */
export const grantOfficeSupplies: TransitionEffect = async ({ ctx, trx, row }) => {
  const supplies = requireEntity(ctx, 'OfficeSupplies');
  const suppliesId = String(row.supplies);
  const quantity = Number(row.quantity);
  if (!(await lockRow(trx, supplies.table, supplies.key, suppliesId))) throw ApiError.business('entity.OfficeSuppliesApply.rule.suppliesGone');
  const article = await trx.selectFrom(supplies.table).select(['name', 'stock', 'unit']).where(supplies.key, '=', suppliesId).executeTakeFirstOrThrow();
  const stock = Number(article.stock);
  if (stock < quantity) {
    throw ApiError.business('entity.OfficeSuppliesApply.rule.notEnoughStock', { name: article.name, stock, quantity, unit: article.unit });
  }
  await trx.updateTable(supplies.table)
    .set((eb) => ({ stock: stock - quantity, rowVersion: eb('rowVersion', '+', 1), updateTime: nowText() }))
    .where(supplies.key, '=', suppliesId).execute();
};
