import { checkDistance } from '../../../runtime/core/geo';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { CallHandler } from '../../calls/CallHandler';
import { hasAnyPermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { rowToApi } from '../../entity/rowValues';
import { rowScopeFor } from '../../entity/dataScope';
import { requireEntity } from './requireEntity';

/** The one 考勤设置 record (a single-record entity), as numbers and times. */
async function attendanceConfig(ctx: ServerContext, db: Db) {
  const config = requireEntity(ctx, 'OfficeAttendanceConfig');
  const row = await db.selectFrom(config.table).selectAll().orderBy(config.key).executeTakeFirst();
  if (!row) return undefined;
  const api = rowToApi(config, row);
  return {
    workStart: String(api.workStart), workEnd: String(api.workEnd), address: String(api.address ?? ''),
    longitude: Number(api.longitude), latitude: Number(api.latitude), radius: Number(api.radius),
  };
}

/** `HH:mm` of a `YYYY-MM-DD HH:mm:ss` text. */
const minuteOf = (time: string) => time.slice(11, 16);

/**
 * 打卡 (insertOfficeAttendance): the server stamps the date and time — a phone's clock is not
 * evidence —, measures the distance from the submitted position to the office of 考勤设置 on the
 * shell's sphere (runtime/core/geo, radius 0 = no limit) and refuses, in words with both
 * distances, a clock-in outside the radius; it marks a late start or an early end against the
 * working hours, and refuses a second clock-in of the same kind on one day. An update (an
 * administrator's remark) keeps what was measured.
 */
export const clockIn: BeforeWriteHook = async ({ ctx, trx, action, record }) => {
  if (action !== 'insert') return;
  const config = await attendanceConfig(ctx, trx);
  if (!config) throw ApiError.business('entity.OfficeAttendance.rule.notConfigured');
  const check = checkDistance({ lng: Number(record.longitude), lat: Number(record.latitude) }, { lng: config.longitude, lat: config.latitude }, config.radius);
  const distance = Math.round(check.distance);
  if (!check.within) {
    throw ApiError.business('entity.OfficeAttendance.rule.tooFar', { distance, radius: check.limit, address: config.address }, { distance, radius: check.limit });
  }
  const now = nowText();
  const clockDate = now.slice(0, 10);
  const attendance = requireEntity(ctx, 'OfficeAttendance');
  const already = await trx.selectFrom(attendance.table).select('clockTime')
    .where('clockUser', '=', String(record.clockUser)).where('clockDate', '=', clockDate).where('clockType', '=', String(record.clockType))
    .executeTakeFirst();
  if (already) throw ApiError.business(`entity.OfficeAttendance.rule.already.${String(record.clockType)}`, { time: minuteOf(String(already.clockTime)) });
  const minute = minuteOf(now);
  const late = record.clockType === 'start' ? minute > config.workStart : minute < config.workEnd;
  Object.assign(record, {
    clockDate, clockTime: now, distance,
    result: late ? (record.clockType === 'start' ? 'late' : 'early') : 'normal',
  });
};

function clockAnswer(row: Record<string, unknown> | undefined) {
  return row ? { clockTime: row.clockTime, result: row.result, distance: row.distance } : null;
}

/**
 * GET getOfficeAttendanceStatus: today's clock-in state of the caller (上班 / 下班 done or not)
 * with the office's position, radius and working hours, for the clock-in screen.
 */
export const getOfficeAttendanceStatusCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const attendance = requireEntity(ctx, 'OfficeAttendance');
    if (!hasAnyPermission(principal, [attendance.permissions.my, attendance.permissions.insert])) {
      throw ApiError.forbidden('error.noPermission', { permission: attendance.permissions.my });
    }
    const config = await attendanceConfig(ctx, ctx.database.db);
    const today = nowText().slice(0, 10);
    const rows = await ctx.database.db.selectFrom(attendance.table).selectAll()
      .where('clockUser', '=', principal.userId).where('clockDate', '=', today).execute();
    return {
      today,
      config: config ?? null,
      start: clockAnswer(rows.find((row) => row.clockType === 'start')),
      end: clockAnswer(rows.find((row) => row.clockType === 'end')),
    };
  },
};

/**
 * GET getOfficeAttendanceYearList {year, user?}: one person's clock-ins of a year, oldest first
 * (the year view). Without `user` it is the caller's own (the `my` permission); another person's
 * needs the manage list and that person's records within the caller's data scope.
 */
export const getOfficeAttendanceYearListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    const attendance = requireEntity(ctx, 'OfficeAttendance');
    const year = Number(params.year ?? new Date().getFullYear());
    if (!Number.isInteger(year) || year < 2000 || year > 2100) throw ApiError.business('entity.OfficeAttendance.rule.badYear');
    const user = params.user ? String(params.user) : principal.userId;
    const own = user === principal.userId;
    const permission = own ? attendance.permissions.my : attendance.permissions.list;
    if (!principal.permissions.has(permission) && !(own && principal.permissions.has(attendance.permissions.list))) {
      throw ApiError.forbidden('error.noPermission', { permission });
    }
    let query = ctx.database.db.selectFrom(attendance.table).selectAll()
      .where('clockUser', '=', user).where('clockDate', '>=', `${year}-01-01`).where('clockDate', '<=', `${year}-12-31`);
    if (!own) {
      const scope = await rowScopeFor(ctx, attendance, principal, 'manage');
      if (scope.condition) query = query.where(scope.condition);
    }
    const rows = await query.orderBy('clockTime').execute();
    return rows.map((row) => rowToApi(attendance, row));
  },
};
