import type { CallHandler } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import { ApiError } from '../../http/ApiError';
import { readableScope } from '../../entity/readCalls';
import { rowToApi } from '../../entity/rowValues';
import { attachDisplayNames } from '../../entity/displayNames';
import { requireEntity } from './requireEntity';
import type { EntityDef } from '../../../runtime/core/schema';
import type { ServerContext } from '../../context';

/** A Gantt chart beyond this many bars is unreadable; the answer says when it was cut. */
export const GANTT_MAX_TASKS = 2000;

/**
 * GET getOfficeGanttData: the tasks the caller may read (manage scope, or their own and those they
 * take part in) with the links between them, for the Gantt chart (the task page
 * src/pages/office/gantt, and the `gantt` widget of runtime/react/widgets/gantt). With `root`, only
 * that task and every task under it (a task's details show its breakdown). Links to a task the
 * caller may not read are left out, so the chart never names a hidden task. Every change the
 * chart makes goes back through the generic calls (updateOfficeTask with its rowVersion,
 * insertOfficeGanttLink, deleteOfficeGanttLink), which check permission and scope.
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
    const root = request.params.root;
    if (root !== undefined && root !== '') {
      if (typeof root !== 'string') throw ApiError.business('genericCalls.badParam', { param: 'root' });
      query = query.where(tasks.key, 'in', await breakdownOf(ctx, tasks, root));
    }
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

/**
 * The root task and every task under it, walked down the parent field one level per query (both
 * databases alike, no recursive SQL); the walk stops past the chart's limit, which then reports
 * the answer cut. Scope is applied by the caller's query, not here: a hidden task's readable
 * subtasks still show.
 */
async function breakdownOf(ctx: ServerContext, tasks: EntityDef, root: string): Promise<string[]> {
  const parentField = tasks.parentField ?? 'parentId';
  const ids = [root];
  const seen = new Set(ids);
  let level = [root];
  while (level.length > 0 && ids.length <= GANTT_MAX_TASKS) {
    const children = await ctx.database.db.selectFrom(tasks.table).select(tasks.key).where(parentField, 'in', level).execute();
    level = children.map((row) => String(row[tasks.key])).filter((id) => !seen.has(id));
    for (const id of level) { seen.add(id); ids.push(id); }
  }
  return ids;
}
