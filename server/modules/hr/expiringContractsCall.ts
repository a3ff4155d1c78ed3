import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { readableScope } from '../../entity/readCalls';
import { rowToApi } from '../../entity/rowValues';
import { attachDisplayNames } from '../../entity/displayNames';
import { CONTRACT_NOTICE_DAYS } from './contractReminders';

const DAY_MS = 86_400_000;
const MAX_ROWS = 50;

/**
 * GET getExpiringContractList (spec §7 HR: contracts expiring soon, for the desk): contracts
 * ending from today to the reminder job's horizon, soonest first — the ones HR may read in its
 * data scope, and a staff member's own.
 */
export const getExpiringContractListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const entity = ctx.registry.entities.get('HrContract');
    if (!entity) throw ApiError.notFound('error.notFound');
    const scope = await readableScope(ctx, entity, principal);
    if (!scope) throw ApiError.forbidden('error.noPermission', { permission: entity.permissions.list });
    let query = ctx.database.db.selectFrom(entity.table).selectAll()
      .where('endDate', '>=', nowText().slice(0, 10))
      .where('endDate', '<=', nowText(new Date(Date.now() + CONTRACT_NOTICE_DAYS * DAY_MS)).slice(0, 10));
    if (scope.condition) query = query.where(scope.condition);
    const rows = (await query.orderBy('endDate', 'asc').orderBy(entity.key, 'asc').limit(MAX_ROWS).execute()).map((row) => rowToApi(entity, row));
    await attachDisplayNames(ctx, entity, rows, request.lang);
    return rows;
  },
};
