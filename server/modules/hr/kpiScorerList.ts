import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { rowToApi } from '../../entity/rowValues';
import { attachDisplayNames } from '../../entity/displayNames';
import { PAGE_SIZE_MAX } from '../../entity/listQuery';
import { hrEntity } from './hrEntities';
import type { ScoreItem } from './kpiScoring';

const SCORE_STATES = new Set(['pending', 'scored']);

/**
 * getKpiScoreListForScorer (我的考核打分): the score sheets of the plans the caller scores —
 * the plan's `scorer` is the caller, as setScoreToUser decides who may score — newest plan
 * first, each item with its name and standard so the scorer sees what they judge. A scorer is
 * an ordinary leader without HR's rights: the sheets come from this condition, not from the
 * KpiScore list's data scope, and nobody else's sheets are in the answer. Filters: `kpiPlanId`,
 * `scoreState` (pending, scored). At most PAGE_SIZE_MAX sheets; `total` counts them all.
 */
export const kpiScoreListForScorer: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const score = hrEntity(ctx, 'KpiScore');
    const plan = hrEntity(ctx, 'KpiPlan');
    const state = params.scoreState === undefined || params.scoreState === '' ? undefined : String(params.scoreState);
    if (state !== undefined && !SCORE_STATES.has(state)) throw ApiError.business('hr.rule.badScoreState', { value: state.slice(0, 40) });
    const planId = params.kpiPlanId === undefined || params.kpiPlanId === '' ? undefined : String(params.kpiPlanId);
    let query = ctx.database.db.selectFrom(`${score.table} as s`)
      .innerJoin(`${plan.table} as p`, 'p.kpiPlanId', 's.kpiPlanId')
      .where('p.scorer', '=', principal.userId);
    if (state) query = query.where('s.scoreState', '=', state);
    if (planId) query = query.where('s.kpiPlanId', '=', planId);
    const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await query.selectAll('s').select(['p.status as planStatus', 'p.period as period', 'p.startDate as planStart', 'p.endDate as planEnd'])
      .orderBy('p.startDate', 'desc').orderBy('s.kpiPlanId').orderBy('s.kpiScoreId').limit(PAGE_SIZE_MAX).execute();
    const list: Record<string, unknown>[] = rows.map((r) => ({
      ...rowToApi(score, r), planStatus: r.planStatus, period: r.period, planStart: r.planStart, planEnd: r.planEnd,
    }));
    await attachDisplayNames(ctx, score, list, request.lang);
    const itemIds = [...new Set(list.flatMap((r) => ((r.items as ScoreItem[] | null) ?? []).map((i) => i.kpiItemId)))];
    const kpiItem = hrEntity(ctx, 'KpiItem');
    const library = new Map(itemIds.length === 0 ? [] : (await ctx.database.db.selectFrom(kpiItem.table)
      .select(['kpiItemId', 'itemName', 'standard']).where('kpiItemId', 'in', itemIds).execute())
      .map((i) => [String(i.kpiItemId), { itemName: String(i.itemName), standard: i.standard ?? '' }]));
    for (const row of list) {
      row.items = ((row.items as ScoreItem[] | null) ?? []).map((i) => ({ ...i, ...(library.get(i.kpiItemId) ?? { itemName: i.kpiItemId, standard: '' }) }));
    }
    return { list, total: Number(total) };
  },
};
