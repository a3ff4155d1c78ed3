import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { readableScope } from '../../entity/readCalls';
import { rowToApi } from '../../entity/rowValues';
import { attachDisplayNames } from '../../entity/displayNames';
import { requireEntity } from './requireEntity';

/** A Gantt chart beyond this many bars is unreadable; the answer says when it was cut. */
export const GANTT_MAX_TASKS = 2000;

/**
 * GET getOfficeGanttData: the tasks the caller may read (manage scope, or their own and those they
 * take part in) with the links between them, for the Gantt chart (src/pages/office/gantt). Links
 * to a task the caller may not read are left out, so the chart never names a hidden task. Every
 * change the chart makes goes back through the generic calls (updateOfficeTask with its
 * rowVersion, insertOfficeGanttLink, deleteOfficeGanttLink), which check permission and scope.
 */
export const getOfficeGanttDataCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const tasks = requireEntity(ctx, 'OfficeTask');
    const links = requireEntity(ctx, 'OfficeGanttLink');
    const scope = await readableScope(ctx, tasks, principal);
    if (!scope) throw ApiError.forbidden('error.noPermission', { permission: tasks.permissions.my });
    let query = ctx.database.db.selectFrom(tasks.table).selectAll();
    if (scope.condition) query = query.where(scope.condition);
    const rows = await query.orderBy('sort').orderBy('startDate').orderBy(tasks.key).limit(GANTT_MAX_TASKS + 1).execute();
    const truncated = rows.length > GANTT_MAX_TASKS;
    const answer = rows.slice(0, GANTT_MAX_TASKS).map((row) => rowToApi(tasks, row));
    await attachDisplayNames(ctx, tasks, answer, request.lang);
    const ids = new Set(answer.map((task) => String(task[tasks.key])));
    const linkRows = ids.size === 0 ? [] : await ctx.database.db.selectFrom(links.table).selectAll()
      .where('source', 'in', [...ids]).orderBy(links.key).execute();
    return {
      tasks: answer,
      links: linkRows.map((row) => rowToApi(links, row)).filter((link) => ids.has(String(link.target))),
      truncated,
    };
  },
};
