import { sql, type SelectQueryBuilder } from 'kysely';
import type { TFunction } from 'i18next';
import type { EntityDef } from '../../../runtime/core/schema';
import {
  HR_ANALYSIS_COUNTED_STATE, type HrAnalysisBar, type HrAnalysisFilter, type HrAnalysisSlice, type HrAnalysisTable, type HrAnalysisTopic,
} from '../../../runtime/core/hrAnalysis/topics';
import type { Principal } from '../../auth/Principal';
import { requirePermission } from '../../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../../context';
import { rowScopeFor } from '../../entity/dataScope';
import { deptSubtree } from '../../entity/deptSubtree';
import { translatedText } from '../../entity/translatedText';
import { ApiError } from '../../http/ApiError';
import type { Lang } from '../../http/serverI18n';

/** Who asks, in which language, about what: everything an analysis query needs. */
export interface AnalysisRequest {
  ctx: ServerContext;
  principal: Principal;
  lang: Lang;
  t: TFunction;
  topic: HrAnalysisTopic;
  filter: HrAnalysisFilter;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters from the query string: bad dates and unknown departments are refused (code 100), never ignored. */
export async function readAnalysisFilter(ctx: ServerContext, params: Record<string, unknown>): Promise<HrAnalysisFilter> {
  const text = (name: string) => (params[name] === undefined || params[name] === null ? '' : String(params[name]).trim());
  const filter: HrAnalysisFilter = {};
  for (const name of ['startDate', 'endDate'] as const) {
    const value = text(name);
    if (!value) continue;
    if (!DATE.test(value) || Number.isNaN(Date.parse(value))) throw ApiError.business('hrAnalysis.error.badDate', { value });
    filter[name] = value;
  }
  if (filter.startDate && filter.endDate && filter.startDate > filter.endDate) throw ApiError.business('hrAnalysis.error.rangeReversed');
  const deptId = text('deptId');
  if (deptId) {
    const dept = systemEntity(ctx, 'Dept');
    const found = await ctx.database.db.selectFrom(dept.table).select(dept.key).where(dept.key, '=', deptId).executeTakeFirst();
    if (!found) throw ApiError.business('hrAnalysis.error.unknownDept', { value: deptId });
    filter.deptId = deptId;
  }
  return filter;
}

function topicEntity(ctx: ServerContext, topic: HrAnalysisTopic): EntityDef {
  const entity = ctx.registry.entities.get(topic.entity);
  if (!entity) throw ApiError.notFound('error.notFound');
  return entity;
}

/**
 * The rows a topic counts: the caller's manage data scope for the entity (the list's own
 * predicate, so the analysis never counts a row the list would hide), approved records only for
 * entities with an approval flow, none the topic excludes (leavers from the roster), the date
 * range and the department with those below it.
 */
async function countedRows(req: AnalysisRequest): Promise<{ entity: EntityDef; query: SelectQueryBuilder<any, any, object> }> {
  const { ctx, principal, topic, filter } = req;
  const entity = topicEntity(ctx, topic);
  requirePermission(principal, entity.permissions.list);
  const scope = await rowScopeFor(ctx, entity, principal, 'manage');
  let query = ctx.database.db.selectFrom(entity.table) as SelectQueryBuilder<any, any, object>;
  if (scope.condition) query = query.where(scope.condition);
  if (entity.flow) query = query.where(entity.flow.field, '=', HR_ANALYSIS_COUNTED_STATE);
  if (topic.excluded) query = query.where(topic.excluded.field, 'not in', [...topic.excluded.values]);
  if (filter.startDate) query = query.where(topic.date, '>=', filter.startDate);
  // Dates are stored as text; a datetime-free date field compares by its day.
  if (filter.endDate) query = query.where(topic.date, '<=', filter.endDate);
  if (filter.deptId) query = query.where(topic.dept, 'in', await deptSubtree(ctx, filter.deptId));
  return { entity, query };
}

/** The dimension's values in their declared order with their labels in the reader's language. */
async function dimensionLabels(req: AnalysisRequest, entity: EntityDef): Promise<{ key: string; name: string }[]> {
  const field = entity.fields.find((f) => f.name === req.topic.dimension);
  if (field?.options) return field.options.map((o) => ({ key: String(o.value), name: req.t(o.label) }));
  if (field?.type === 'dictionary' && field.dictionary) {
    const dic = systemEntity(req.ctx, 'Dic');
    const { db } = req.ctx.database;
    const parent = await db.selectFrom(dic.table).select('dicId').where('code', '=', field.dictionary).executeTakeFirst();
    if (!parent) return [];
    const items = await db.selectFrom(dic.table).select(['label', 'value']).where('parentId', '=', parent.dicId)
      .orderBy('sort', 'asc').orderBy('dicId', 'asc').execute();
    return items.map((i) => ({ key: String(i.value), name: translatedText(req.ctx.i18n, req.lang, String(i.label ?? '')) }));
  }
  return [];
}

/** A stored value with no label (an item since removed, an empty cell) is shown as stored, or as 未填写. */
function labelOf(req: AnalysisRequest, labels: Map<string, string>, key: string): string {
  return labels.get(key) ?? (key === '' ? req.t('hrAnalysis.unset') : key);
}

const keyOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** get{Topic}PieForAnalysis: records per value of the topic's dimension, most first. */
export async function analysisPie(req: AnalysisRequest): Promise<HrAnalysisSlice[]> {
  const { entity, query } = await countedRows(req);
  const rows = await query.select([sql.ref(req.topic.dimension).as('k'), sql<number>`count(*)`.as('n')])
    .groupBy(req.topic.dimension).execute() as { k: unknown; n: unknown }[];
  const labels = new Map((await dimensionLabels(req, entity)).map((l) => [l.key, l.name]));
  return rows.map((r) => ({ key: keyOf(r.k), name: labelOf(req, labels, keyOf(r.k)), value: Number(r.n) }))
    .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
}

/** get{Topic}BarForAnalysis: records per month of the topic's date, oldest first (records without a date left out). */
export async function analysisBar(req: AnalysisRequest): Promise<HrAnalysisBar> {
  const { query } = await countedRows(req);
  const month = sql<string>`substr(${sql.ref(req.topic.date)}, 1, 7)`;
  const rows = await query.where(req.topic.date, 'is not', null)
    .select([month.as('m'), sql<number>`count(*)`.as('n')]).groupBy(month).orderBy(month).execute() as { m: unknown; n: unknown }[];
  return { months: rows.map((r) => String(r.m)), values: rows.map((r) => Number(r.n)) };
}

/** get{Topic}TableForAnalysis: records per department (rows) and dimension value (columns), with totals. */
export async function analysisTable(req: AnalysisRequest): Promise<HrAnalysisTable> {
  const { entity, query } = await countedRows(req);
  const { dept, dimension } = req.topic;
  const counted = await query.select([sql.ref(dept).as('d'), sql.ref(dimension).as('k'), sql<number>`count(*)`.as('n')])
    .groupBy([dept, dimension]).execute() as { d: unknown; k: unknown; n: unknown }[];
  const declared = await dimensionLabels(req, entity);
  const labels = new Map(declared.map((l) => [l.key, l.name]));
  const present = new Set(counted.map((r) => keyOf(r.k)));
  // Every declared value is a column (a zero says "none" as plainly as a number); stray stored values follow.
  const columns = [...declared, ...[...present].filter((k) => !labels.has(k)).sort().map((k) => ({ key: k, name: labelOf(req, labels, k) }))];
  const deptIds = [...new Set(counted.map((r) => keyOf(r.d)).filter((d) => d !== ''))];
  const deptEntity = systemEntity(req.ctx, 'Dept');
  const deptRows = deptIds.length === 0 ? [] : await req.ctx.database.db.selectFrom(deptEntity.table)
    .select([deptEntity.key, deptEntity.labelField, 'sort']).where(deptEntity.key, 'in', deptIds).execute();
  const deptOrder = new Map(deptRows.map((d, i) => [String(d[deptEntity.key]), { name: String(d[deptEntity.labelField] ?? ''), sort: Number(d.sort ?? 0), i }]));
  const byDept = new Map<string, HrAnalysisTable['rows'][number]>();
  for (const r of counted) {
    const deptId = keyOf(r.d);
    const row = byDept.get(deptId) ?? { deptId, deptName: deptOrder.get(deptId)?.name ?? req.t('hrAnalysis.unset'), counts: {}, total: 0 };
    const key = keyOf(r.k);
    row.counts[key] = (row.counts[key] ?? 0) + Number(r.n);
    row.total += Number(r.n);
    byDept.set(deptId, row);
  }
  const rows = [...byDept.values()].sort((a, b) => (deptOrder.get(a.deptId)?.sort ?? 1e9) - (deptOrder.get(b.deptId)?.sort ?? 1e9)
    || a.deptName.localeCompare(b.deptName));
  return { columns, rows, total: rows.reduce((sum, r) => sum + r.total, 0) };
}
