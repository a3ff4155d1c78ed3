import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { TransitionEffect } from '../../entity/transitionEffects';
import { ApiError } from '../../http/ApiError';
import { insertNewRow } from '../../entity/insertNewRow';
import { splitIds } from '../../entity/rowValues';
import { nowText } from '../../http/newId';
import { hrEntity } from './hrEntities';
import { scoreSheet, type ScoreItem } from './kpiScoring';

export interface PlanItem { kpiItemId: string; weight: number }

/** A plan's items as stored (JSON) or as written (array). */
export function planItems(value: unknown): PlanItem[] {
  const parsed = typeof value === 'string' ? (() => { try { return JSON.parse(value) as unknown; } catch { return []; } })() : value;
  return Array.isArray(parsed) ? parsed.map((i: Record<string, unknown>) => ({ kpiItemId: String(i.kpiItemId ?? ''), weight: Number(i.weight ?? 0) })) : [];
}

/** Before a KPI plan is written: the items' weights add up to 100, so a full score is 100. */
export const checkKpiPlanWeights: BeforeWriteHook = async ({ record }) => {
  const items = planItems(record.items);
  if (items.length === 0) return;
  const sum = items.reduce((total, item) => total + item.weight, 0);
  if (sum !== 100) throw ApiError.business('entity.KpiPlan.rule.weightsSum', { sum });
};

/**
 * updatePlanEffect's effect: one KpiScore per assessed employee, with the plan's items and each
 * item's full score as it is today, in the transition's transaction (a refused effect leaves the
 * plan a draft and no scores behind).
 */
export const createKpiScores: TransitionEffect = async ({ ctx, trx, row, principal }) => {
  // The row may come as stored (JSON text, comma lists) or already read: planItems and splitIds take both.
  const plan = row;
  const items = planItems(plan.items);
  if (items.length === 0) throw ApiError.business('entity.KpiPlan.rule.noItems');
  const kpiItem = hrEntity(ctx, 'KpiItem');
  const library = new Map((await trx.selectFrom(kpiItem.table).select(['kpiItemId', 'fullScore'])
    .where('kpiItemId', 'in', items.map((i) => i.kpiItemId)).execute()).map((i) => [String(i.kpiItemId), Number(i.fullScore)]));
  const score = hrEntity(ctx, 'KpiScore');
  for (const userId of splitIds(plan.userIds)) {
    await insertNewRow(ctx, trx, score, {
      kpiPlanId: String(row.kpiPlanId), planName: plan.planName, userId, scorer: plan.scorer, scoreState: 'pending',
      items: items.map((i) => ({ kpiItemId: i.kpiItemId, weight: i.weight, fullScore: library.get(i.kpiItemId) ?? 100, score: null })),
    }, { userId: principal.userId, deptId: principal.deptId, unitId: principal.unitId });
  }
};

/**
 * HR edits a score sheet on the generic form: once every item has a score, the sheet is checked
 * as setScoreToUser checks it and its total, state and time are the server's; a sheet still
 * missing scores stays pending. Only while the plan is in effect.
 */
export const checkKpiScoreSheet: BeforeWriteHook = async ({ ctx, trx, entity, action, record, id }) => {
  const items = (typeof record.items === 'string' ? JSON.parse(record.items) : record.items ?? []) as ScoreItem[];
  const plan = await trx.selectFrom(hrEntity(ctx, 'KpiPlan').table).select('status').where('kpiPlanId', '=', String(record.kpiPlanId)).executeTakeFirst();
  if (action === 'update' && plan?.status !== 'effective') throw ApiError.business('entity.KpiScore.rule.planNotEffective');
  const complete = items.length > 0 && items.every((i) => i.score !== null && i.score !== undefined && String(i.score) !== '');
  const names = new Map((await trx.selectFrom(hrEntity(ctx, 'KpiItem').table).select(['kpiItemId', 'itemName']).execute()).map((i) => [String(i.kpiItemId), String(i.itemName)]));
  const result = complete ? scoreSheet(items, (i) => i.score, (itemId) => names.get(itemId) ?? itemId) : undefined;
  const computed = result
    ? { totalScore: result.total, scoreState: 'scored', scoreTime: nowText() }
    : { totalScore: null, scoreState: 'pending', scoreTime: null };
  Object.assign(record, computed);
  // An update writes the changed fields after the hooks: the computed ones go in through the transaction.
  if (action === 'update' && id) await trx.updateTable(entity.table).set(computed).where(entity.key, '=', id).execute();
};
