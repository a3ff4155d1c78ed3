import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { rowToApi } from '../../entity/rowValues';
import { attachDisplayNames } from '../../entity/displayNames';
import { hasWidget } from '../../desk/deskWidgets';

/** Days before and after today an approved outing is still, or already, of interest. */
const OUTING_WINDOW_DAYS = 7;
const MAX_OUTINGS = 20;
const DAY_MS = 86_400_000;

/**
 * GET getRecentOutings: who of the user's unit is out, was out or will be out within a week
 * (approved outings overlapping [now − 7 days, now + 7 days]), newest first. Colleagues see who,
 * where and when — never why: the reason stays with the applicant and the approvers. Answered
 * to the users whose desk holds the recentOutings widget (DeskConfig decides who sees it).
 */
export const getRecentOutingsCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    if (!(await hasWidget(ctx, principal, 'recentOutings'))) throw ApiError.forbidden('desk.widgetNotOnDesk', { code: 'recentOutings' });
    const entity = ctx.registry.entities.get('OfficeOut');
    if (!entity) return [];
    const now = Date.now();
    const nowAt = nowText(new Date(now));
    const rows = await ctx.database.db.selectFrom(entity.table).selectAll()
      .where('status', '=', 'approved')
      .where('unitId', '=', principal.unitId)
      .where('startTime', '<=', nowText(new Date(now + OUTING_WINDOW_DAYS * DAY_MS)))
      .where('endTime', '>=', nowText(new Date(now - OUTING_WINDOW_DAYS * DAY_MS)))
      .orderBy('startTime', 'desc').orderBy(entity.key, 'desc')
      .limit(MAX_OUTINGS)
      .execute();
    const outings = rows.map((row) => rowToApi(entity, row));
    await attachDisplayNames(ctx, entity, outings);
    return outings.map((o) => ({
      outId: String(o.outId),
      applicantName: o.applicantName ?? null,
      deptName: o.deptName ?? null,
      destination: o.destination,
      startTime: o.startTime,
      endTime: o.endTime,
      ongoing: String(o.startTime) <= nowAt && String(o.endTime) >= nowAt,
    }));
  },
};
