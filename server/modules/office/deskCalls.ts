import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { rowScopeFor } from '../../entity/dataScope';
import { rowToApi } from '../../entity/rowValues';
import { attachDisplayNames } from '../../entity/displayNames';
import { requireEntity } from './requireEntity';

/** How many rows a desk card lists. */
const DESK_ROWS = 10;

/**
 * GET getOfficeTaskDesk: the caller's task card — counts of their tasks (as leader or member)
 * doing, held and overdue, and the nearest unfinished ones by end date.
 */
export const getOfficeTaskDeskCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const tasks = requireEntity(ctx, 'OfficeTask');
    if (!principal.permissions.has(tasks.permissions.my)) throw ApiError.forbidden('error.noPermission', { permission: tasks.permissions.my });
    const mine = await rowScopeFor(ctx, tasks, principal, 'my');
    const rows = await ctx.database.db.selectFrom(tasks.table).selectAll().where(mine.condition!).where('status', '<>', 'finished')
      .orderBy('endDate').orderBy(tasks.key).execute();
    const today = nowText().slice(0, 10);
    const list = rows.slice(0, DESK_ROWS).map((row) => rowToApi(tasks, row));
    await attachDisplayNames(ctx, tasks, list, request.lang);
    return {
      doing: rows.filter((row) => row.status === 'doing').length,
      held: rows.filter((row) => row.status === 'held').length,
      overdue: rows.filter((row) => row.status === 'doing' && String(row.endDate) < today).length,
      list,
    };
  },
};

/**
 * GET getOfficeHospitalityDesk: approved visits still to come or under way within the caller's
 * manage scope (or their own as host), nearest first — who arrives, when, how many.
 */
export const getOfficeHospitalityDeskCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const events = requireEntity(ctx, 'OfficeHospitality');
    const manage = principal.permissions.has(events.permissions.list);
    if (!manage && !principal.permissions.has(events.permissions.my)) throw ApiError.forbidden('error.noPermission', { permission: events.permissions.my });
    const scope = await rowScopeFor(ctx, events, principal, manage ? 'manage' : 'my');
    let query = ctx.database.db.selectFrom(events.table).selectAll().where('status', '=', 'approved').where('leaveTime', '>=', nowText());
    if (scope.condition) query = query.where(scope.condition);
    const rows = await query.orderBy('arriveTime').orderBy(events.key).limit(DESK_ROWS).execute();
    const list = rows.map((row) => rowToApi(events, row));
    await attachDisplayNames(ctx, events, list, request.lang);
    return list;
  },
};
