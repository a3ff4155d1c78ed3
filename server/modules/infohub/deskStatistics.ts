import { sql } from 'kysely';
import type { Principal } from '../../auth/Principal';
import type { CallHandler } from '../../calls/CallHandler';
import { pagePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../../context';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { shopAdapter } from '../../adapters/shop';

const DAY_MS = 86_400_000;

/**
 * The desk statistics belong to the page 桌面统计 (`menu:infohubStatistics`): 信息管理员 (infohubAdmin)
 * holds it, as does any role an administrator grants the page, and the superuser holds every page.
 */
const STATISTICS_PAGE = 'infohubStatistics';

function requireStatistics(principal: Principal): void {
  if (!principal.permissions.has(pagePermission(STATISTICS_PAGE))) throw ApiError.forbidden('infohub.error.statisticsOnly');
}

/** A whole number of days from the request, within 1…max, or the default. */
function readDays(params: Record<string, unknown>, fallback: number, max = 365): number {
  if (params.days === undefined || params.days === '') return fallback;
  const days = Number(params.days);
  if (!Number.isInteger(days) || days < 1 || days > max) throw ApiError.business('infohub.error.daysRange', { max });
  return days;
}

function daysAgo(days: number): string {
  return nowText(new Date(Date.now() - days * DAY_MS));
}

function statisticsCall(answer: (ctx: ServerContext, principal: Principal, params: Record<string, unknown>) => Promise<unknown>): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      requireStatistics(principal);
      return answer(request.ctx, principal, request.params);
    },
  };
}

/** GET getActiveUserCount `?days=7`: users of the caller's unit with a successful sign-in in the last N days. */
export const getActiveUserCountCall = statisticsCall(async (ctx, principal, params) => {
  const days = readDays(params, 7);
  const log = systemEntity(ctx, 'SysLoginLog');
  const users = systemEntity(ctx, 'User');
  const row = await ctx.database.db.selectFrom(`${log.table} as l`).innerJoin(`${users.table} as u`, 'u.userId', 'l.userId')
    .select(sql<number>`count(distinct l."userId")`.as('count'))
    .where('u.unitId', '=', principal.unitId).where('l.result', '=', 'success').where('l.createTime', '>=', daysAgo(days))
    .executeTakeFirst();
  const total = await ctx.database.db.selectFrom(users.table).select((eb) => eb.fn.countAll().as('count'))
    .where('unitId', '=', principal.unitId).where('status', '=', 1).executeTakeFirst();
  return { days, activeUsers: Number(row?.count ?? 0), users: Number(total?.count ?? 0) };
});

/**
 * GET getUnitCount: the units the caller sees, by unit type. The superuser sees the platform's every
 * unit (the registered enterprises); anyone else their own unit — units form no tree (Unit has no
 * parent), so a unit administrator's count is their unit alone, never the other enterprises'.
 */
export const getUnitCountCall = statisticsCall(async (ctx, principal) => {
  const units = systemEntity(ctx, 'Unit');
  const rows = await ctx.database.db.selectFrom(units.table).select(['unitType', (eb) => eb.fn.countAll().as('count')])
    .$if(!principal.isSuperAdmin, (q) => q.where(units.key, '=', principal.unitId))
    .groupBy('unitType').orderBy('unitType').execute();
  const byType = rows.map((r) => ({ unitType: Number(r.unitType), count: Number(r.count) }));
  return { total: byType.reduce((sum, r) => sum + r.count, 0), byType };
});

/** GET getOrgUserCount: active users of the caller's unit per department, in the department tree's order. */
export const getOrgUserCountCall = statisticsCall(async (ctx, principal) => {
  const users = systemEntity(ctx, 'User');
  const depts = systemEntity(ctx, 'Dept');
  const rows = await ctx.database.db.selectFrom(`${depts.table} as d`)
    .leftJoin(`${users.table} as u`, (join) => join.onRef('u.deptId', '=', 'd.deptId').on('u.status', '=', 1))
    .select(['d.deptId', 'd.deptName', 'd.parentId', (eb) => eb.fn.count('u.userId').as('count')])
    .where('d.unitId', '=', principal.unitId)
    .groupBy(['d.deptId', 'd.deptName', 'd.parentId', 'd.sort']).orderBy('d.sort').orderBy('d.deptName').execute();
  const list = rows.map((r) => ({ deptId: String(r.deptId), deptName: String(r.deptName), parentId: r.parentId ? String(r.parentId) : null, count: Number(r.count) }));
  return { total: list.reduce((sum, r) => sum + r.count, 0), list };
});

/**
 * Points (积分) from what people contribute: each row a user created in these entities earns the
 * points given. Entities not installed count nothing and are reported as such. Kept deliberately
 * plain: no decay, no caps, nothing stored — the figure is recounted from the records each time.
 */
export const POINT_RULES: readonly { entity: string; points: number }[] = [
  { entity: 'DynamicsRecord', points: 2 },
  { entity: 'DynamicsComment', points: 1 },
  { entity: 'DiscussPost', points: 3 },
  { entity: 'DiscussReply', points: 1 },
  { entity: 'Knowledge', points: 5 },
  { entity: 'KnowledgeComment', points: 1 },
];

/** GET getUserPoints `?limit=20`: the unit's users by points, highest first, with each entity's share. */
export const getUserPointsCall = statisticsCall(async (ctx, principal, params) => {
  const limit = params.limit === undefined || params.limit === '' ? 20 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw ApiError.business('infohub.error.limitRange', { max: 100 });
  const totals = new Map<string, { points: number; detail: Record<string, number> }>();
  const rules = [];
  for (const rule of POINT_RULES) {
    const entity = ctx.registry.entities.get(rule.entity);
    rules.push({ ...rule, configured: Boolean(entity) });
    if (!entity) continue;
    const rows = await ctx.database.db.selectFrom(entity.table).select(['createUser', (eb) => eb.fn.countAll().as('count')])
      .where('unitId', '=', principal.unitId).groupBy('createUser').execute();
    for (const row of rows) {
      const user = String(row.createUser);
      const entry = totals.get(user) ?? { points: 0, detail: {} };
      entry.points += Number(row.count) * rule.points;
      entry.detail[rule.entity] = Number(row.count);
      totals.set(user, entry);
    }
  }
  const top = [...totals.entries()].sort((a, b) => b[1].points - a[1].points || a[0].localeCompare(b[0])).slice(0, limit);
  const users = systemEntity(ctx, 'User');
  const names = top.length === 0 ? [] : await ctx.database.db.selectFrom(users.table).select(['userId', 'userName'])
    .where('userId', 'in', top.map(([id]) => id)).execute();
  const nameOf = new Map(names.map((n) => [String(n.userId), String(n.userName)]));
  return { rules, list: top.map(([userId, entry]) => ({ userId, userName: nameOf.get(userId) ?? '', points: entry.points, detail: entry.detail })) };
});

/** GET getLabDeviceCount: the laboratory module does not exist yet, so there is nothing to count. */
export const getLabDeviceCountCall = statisticsCall(async (ctx) => {
  const devices = ctx.registry.entities.get('LabDevice');
  if (!devices) return { configured: false, count: 0 };
  const row = await ctx.database.db.selectFrom(devices.table).select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  return { configured: true, count: Number(row?.count ?? 0) };
});

/** GET getLowStockWarnings: office supplies of the unit at or below their warning level (a level of 0 warns of nothing). */
export const getLowStockWarningsCall = statisticsCall(async (ctx, principal) => {
  const supplies = ctx.registry.entities.get('OfficeSupplies');
  if (!supplies) return [];
  const rows = await ctx.database.db.selectFrom(supplies.table).select([supplies.key, 'name', 'model', 'unit', 'stock', 'warnStock'])
    .where('unitId', '=', principal.unitId).where('warnStock', '>', 0).whereRef('stock', '<=', 'warnStock')
    .orderBy('stock').orderBy('name').limit(100).execute();
  return rows.map((r) => ({ suppliesId: String(r[supplies.key]), name: r.name, model: r.model, unit: r.unit, stock: Number(r.stock), warnStock: Number(r.warnStock) }));
});

/** What expires: the office's licences (证照), the HR file's certificates and employment contracts. */
const EXPIRY_SOURCES: readonly { kind: string; entity: string; name: string; date: string; holder?: string }[] = [
  { kind: 'officeLicence', entity: 'OfficeLicenceRecord', name: 'licenceName', date: 'expireDate' },
  { kind: 'hrLicence', entity: 'Licence', name: 'licenceName', date: 'expireDate', holder: 'userId' },
  { kind: 'hrContract', entity: 'HrContract', name: 'contractNo', date: 'endDate', holder: 'userId' },
];

/**
 * GET getExpiryWarnings `?days=30`: licences and contracts of the unit expiring from today to N days
 * ahead (and those expired in the last N days, `daysLeft` negative), soonest first.
 */
export const getExpiryWarningsCall = statisticsCall(async (ctx, principal, params) => {
  const days = readDays(params, 30);
  const today = nowText().slice(0, 10);
  const from = nowText(new Date(Date.now() - days * DAY_MS)).slice(0, 10);
  const to = nowText(new Date(Date.now() + days * DAY_MS)).slice(0, 10);
  const users = systemEntity(ctx, 'User');
  const items: { kind: string; id: string; name: string; holder: string; date: string; daysLeft: number }[] = [];
  for (const source of EXPIRY_SOURCES) {
    const entity = ctx.registry.entities.get(source.entity);
    if (!entity) continue;
    const rows = await ctx.database.db.selectFrom(`${entity.table} as r`)
      .$if(Boolean(source.holder), (q) => q.leftJoin(`${users.table} as u`, 'u.userId', `r.${source.holder}`))
      .select([`r.${entity.key} as id`, `r.${source.name} as name`, `r.${source.date} as date`, ...(source.holder ? [sql<string>`u."userName"`.as('holder')] : [])])
      .where('r.unitId', '=', principal.unitId).where(`r.${source.date}`, '>=', from).where(`r.${source.date}`, '<=', to)
      .orderBy(`r.${source.date}`).limit(100).execute() as Record<string, unknown>[];
    for (const row of rows) {
      const date = String(row.date).slice(0, 10);
      items.push({ kind: source.kind, id: String(row.id), name: String(row.name ?? ''), holder: String(row.holder ?? ''), date,
        daysLeft: Math.round((Date.parse(date) - Date.parse(today)) / DAY_MS) });
    }
  }
  return { days, items: items.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name)) };
});

const shop = shopAdapter();

/** GET getShopOrderStatistics `?days=7` (the shop's admin order statistics). */
export const getShopOrderStatisticsCall = statisticsCall(async (_ctx, _principal, params) => shop.orderStatistics({ days: readDays(params, 7) }));
/** GET getSellerTradeStatistics `?days=7` (the seller's trade statistics). */
export const getSellerTradeStatisticsCall = statisticsCall(async (_ctx, _principal, params) => shop.sellerTradeStatistics({ days: readDays(params, 7) }));
/** GET getShopStatusNum (orders per status). */
export const getShopStatusNumCall = statisticsCall(async () => shop.statusNum());
