import type { CallHandler } from '../../calls/CallHandler';
import { hasAnyPermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { TransitionEffect } from '../../entity/transitionEffects';
import { ApiError } from '../../http/ApiError';
import { lockRow } from '../../entity/lockRow';
import { rowToApi } from '../../entity/rowValues';
import { attachDisplayNames } from '../../entity/displayNames';
import { nowText } from '../../http/newId';

/** A dispatched request holds its vehicle and driver until the vehicle is returned (还车). */
const HOLDING_STATES = ['approved'];
const DAY_MS = 86_400_000;
const MAX_OCCUPANCY_DAYS = 62;

/**
 * Effect of 用车's 批准 (dispatch): the vehicle and driver the dispatcher assigns must be free for
 * the request's time. Both rows are held for the transaction, so two dispatchers assigning the same
 * car at once take turns and the second is refused. A scrapped or repairing vehicle, or a driver
 * not on duty, is refused too. Runs after the state change, so a refusal rolls it back.
 */
export const refuseVehicleClash: TransitionEffect = async ({ ctx, trx, row }) => {
  const applies = ctx.registry.entities.get('OfficeVehicleApply')!;
  const id = String(row[applies.key]);
  const current = rowToApi(applies, await trx.selectFrom(applies.table).selectAll().where(applies.key, '=', id).executeTakeFirstOrThrow());
  const start = String(current.startTime ?? '');
  const end = String(current.endTime ?? '');
  for (const [field, entityName, okStatus, statusKey] of [
    ['vehicle', 'OfficeVehicleInfo', 'available', 'entity.OfficeVehicleApply.rule.vehicleUnavailable'],
    ['driver', 'OfficeVehicleDriver', 'onDuty', 'entity.OfficeVehicleApply.rule.driverUnavailable'],
  ] as const) {
    const assigned = typeof current[field] === 'string' ? String(current[field]) : '';
    if (!assigned) continue;
    const target = ctx.registry.entities.get(entityName)!;
    if (!(await lockRow(trx, target.table, target.key, assigned))) throw ApiError.business('error.recordNotFound');
    const stored = await trx.selectFrom(target.table).selectAll().where(target.key, '=', assigned).executeTakeFirstOrThrow();
    const name = String(stored[target.labelField] ?? '');
    if (stored.status !== okStatus) throw ApiError.business(statusKey, { name });
    const clash = await trx.selectFrom(applies.table).selectAll()
      .where(field, '=', assigned).where('status', 'in', HOLDING_STATES).where(applies.key, '<>', id)
      .where('startTime', '<', end).where('endTime', '>', start)
      .orderBy('startTime', 'asc').executeTakeFirst();
    if (clash) {
      const other = rowToApi(applies, clash);
      throw ApiError.business(`entity.OfficeVehicleApply.rule.${field}Clash`, {
        name, title: other.title, start: String(other.startTime).slice(0, 16), end: String(other.endTime).slice(0, 16),
      });
    }
  }
};

/**
 * GET getVehicleOccupancy {start?, end?}: which vehicle and driver is taken when (dispatched
 * requests overlapping the range, default today and the next 7 days), with every vehicle and
 * driver so a board can show the free ones too. Dispatchers and whoever may list the requests.
 */
export const getVehicleOccupancyCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const applies = ctx.registry.entities.get('OfficeVehicleApply')!;
    if (!hasAnyPermission(principal, [applies.permissions.approve, applies.permissions.list])) throw ApiError.forbidden('error.noPermission', { permission: applies.permissions.approve });
    const today = nowText().slice(0, 10);
    const start = typeof params.start === 'string' && /^\d{4}-\d{2}-\d{2}/.test(params.start) ? params.start.slice(0, 10) : today;
    const end = typeof params.end === 'string' && /^\d{4}-\d{2}-\d{2}/.test(params.end) ? params.end.slice(0, 10) : nowText(new Date(Date.now() + 7 * DAY_MS)).slice(0, 10);
    if (end < start || (Date.parse(end) - Date.parse(start)) / DAY_MS > MAX_OCCUPANCY_DAYS) throw ApiError.business('entity.OfficeVehicleApply.rule.badRange', { days: MAX_OCCUPANCY_DAYS });
    const db = ctx.database.db;
    const rows = await db.selectFrom(applies.table).selectAll().where('status', 'in', HOLDING_STATES).where('unitId', '=', principal.unitId)
      .where('startTime', '<', `${end} 23:59:59`).where('endTime', '>', `${start} 00:00:00`)
      .orderBy('startTime', 'asc').limit(1000).execute();
    const bookings = rows.map((r) => rowToApi(applies, r));
    await attachDisplayNames(ctx, applies, bookings, request.lang);
    const list = async (name: string) => {
      const entity = ctx.registry.entities.get(name)!;
      const found = await db.selectFrom(entity.table).selectAll().where('unitId', '=', principal.unitId).orderBy(entity.labelField).limit(500).execute();
      return found.map((r) => ({ id: String(r[entity.key]), label: String(r[entity.labelField] ?? ''), status: String(r.status ?? '') }));
    };
    return {
      start, end,
      vehicles: await list('OfficeVehicleInfo'),
      drivers: await list('OfficeVehicleDriver'),
      bookings: bookings.filter((b) => b.vehicle || b.driver).map((b) => ({
        applyId: b.applyId, title: b.title, startTime: b.startTime, endTime: b.endTime,
        vehicle: b.vehicle ?? null, vehicleName: b.vehicleName ?? null, driver: b.driver ?? null, driverName: b.driverName ?? null,
        applicantName: b.createUserName ?? null,
      })),
    };
  },
};
