import { sql } from 'kysely';
import type { CallHandler, CallTable } from '../../calls/CallHandler';
import { callKey } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { rowToApi } from '../../entity/rowValues';
import { nextRowVersion, storedRowVersion, refuseStaleRow, assertRowVersion } from '../../entity/rowVersion';
import { readableScope } from '../../entity/readCalls';
import { loadScopedRow } from '../../entity/loadScopedRow';
import { attachDisplayNames } from '../../entity/displayNames';
import { recordOperation } from '../../audit/recordOperation';
import { hrEntity } from './hrEntities';
import { scopedRows, textParam } from './scopedRows';
import { scoreSheet, type ScoreItem } from './kpiScoring';
import { kpiScoreListForScorer } from './kpiScorerList';


/** The scores sent: a JSON array (or its text) of {kpiItemId, score}. */
function scoresParam(value: unknown): Map<string, unknown> {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try { parsed = JSON.parse(value); } catch { throw ApiError.business('error.badBody'); }
  }
  if (!Array.isArray(parsed)) throw ApiError.business('error.badBody');
  return new Map(parsed.map((s: Record<string, unknown>) => [String(s.kpiItemId ?? ''), s.score]));
}

/**
 * setScoreToUser: the scorer of an effective plan (or HR, with the score's update permission)
 * scores one employee: every item between 0 and its full score, the weighted total out of 100
 * computed here, compare-and-set on the row version like every generic write.
 */
const setScoreToUser: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const scoreEntity = hrEntity(ctx, 'KpiScore');
    const planEntity = hrEntity(ctx, 'KpiPlan');
    const { db } = ctx.database;
    let stored = request.params.kpiScoreId
      ? await db.selectFrom(scoreEntity.table).selectAll().where('kpiScoreId', '=', String(request.params.kpiScoreId)).executeTakeFirst()
      : await db.selectFrom(scoreEntity.table).selectAll().where('kpiPlanId', '=', textParam(request, 'kpiPlanId'))
        .where('userId', '=', textParam(request, 'userId')).executeTakeFirst();
    if (!stored) throw ApiError.business('entity.KpiScore.rule.noScoreRow');
    const plan = await db.selectFrom(planEntity.table).selectAll().where('kpiPlanId', '=', String(stored.kpiPlanId)).executeTakeFirst();
    if (!plan || plan.status !== 'effective') throw ApiError.business('entity.KpiScore.rule.planNotEffective');
    const isScorer = String(plan.scorer) === principal.userId;
    if (!isScorer) {
      if (!principal.permissions.has(scoreEntity.permissions.update)) throw ApiError.forbidden('entity.KpiScore.rule.notScorer');
      const scope = await readableScope(ctx, scoreEntity, principal);
      stored = await loadScopedRow(ctx, scoreEntity, String(stored.kpiScoreId), scope ?? { allows: () => false });
    }
    assertRowVersion(request.params, stored);
    const sent = scoresParam(request.params.scores);
    const current = rowToApi(scoreEntity, stored);
    const items = (current.items as ScoreItem[] | null) ?? [];
    const kpiItem = hrEntity(ctx, 'KpiItem');
    const names = new Map((await db.selectFrom(kpiItem.table).select(['kpiItemId', 'itemName']).execute()).map((i) => [String(i.kpiItemId), String(i.itemName)]));
    const { items: scored, total } = scoreSheet(items, (item) => sent.get(item.kpiItemId), (id) => names.get(id) ?? id);
    const after = {
      items: JSON.stringify(scored), totalScore: total, scoreState: 'scored', scoreTime: nowText(),
      comment: request.params.comment === undefined ? current.comment : String(request.params.comment).slice(0, 1000),
    };
    const id = String(stored.kpiScoreId);
    await db.transaction().execute(async (trx) => {
      const result = await trx.updateTable(scoreEntity.table).set({ ...after, updateTime: nowText(), ...nextRowVersion() })
        .where('kpiScoreId', '=', id).where('rowVersion', '=', storedRowVersion(stored!)).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) refuseStaleRow();
      await recordOperation(trx, principal, { entity: scoreEntity, action: 'update', recordId: id, before: current, after: { ...after, items: scored } }, request.raw.ip);
    });
    const row = rowToApi(scoreEntity, await db.selectFrom(scoreEntity.table).selectAll().where('kpiScoreId', '=', id).executeTakeFirstOrThrow());
    await attachDisplayNames(ctx, scoreEntity, [row], request.lang);
    return row;
  },
};

/** getKpiPlanListForUser: the plans assessing `userId` that the caller may read. */
const planListForUser: CallHandler = {
  auth: 'session',
  async handle(request) {
    const userId = textParam(request, 'userId');
    // userIds is a comma list: framed in commas, one id cannot match inside another.
    return scopedRows(request, hrEntity(request.ctx, 'KpiPlan'), (q) => q.where(sql<boolean>`(',' || ${sql.ref('userIds')} || ',') like ${`%,${userId},%`}`));
  },
};

/** getKpiRecordListForUser: an employee's scores across plans, as far as the caller may read them. */
const recordListForUser: CallHandler = {
  auth: 'session',
  async handle(request) {
    const userId = textParam(request, 'userId');
    return scopedRows(request, hrEntity(request.ctx, 'KpiScore'), (q) => q.where('userId', '=', userId));
  },
};

/** getKpiRecordForDetails: one plan with the scores of it the caller may read (the plan's details screen). */
const recordForDetails: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const planEntity = hrEntity(request.ctx, 'KpiPlan');
    const scope = await readableScope(request.ctx, planEntity, principal);
    if (!scope) throw ApiError.forbidden('error.noPermission', { permission: planEntity.permissions.view });
    const plan = rowToApi(planEntity, await loadScopedRow(request.ctx, planEntity, textParam(request, 'kpiPlanId'), scope));
    await attachDisplayNames(request.ctx, planEntity, [plan], request.lang);
    const scores = await scopedRows({ ...request, params: { ...request.params, pageSize: 500 } }, hrEntity(request.ctx, 'KpiScore'),
      (q) => q.where('kpiPlanId', '=', String(plan.kpiPlanId)));
    return { plan, scores: scores.list };
  },
};

export function registerKpiCalls(table: CallTable): void {
  table.set(callKey('set', 'hr', 'setScoreToUser'), setScoreToUser);
  table.set(callKey('get', 'hr', 'getKpiPlanListForUser'), planListForUser);
  table.set(callKey('get', 'hr', 'getKpiRecordListForUser'), recordListForUser);
  table.set(callKey('get', 'hr', 'getKpiRecordForDetails'), recordForDetails);
  table.set(callKey('get', 'hr', 'getKpiScoreListForScorer'), kpiScoreListForScorer);
}
