import { callPath, namedCallPath } from '../naming';

/**
 * The task entities the Gantt chart can show (the `gantt` custom widget, the task page), and where
 * their chart data and links live. The chart reads one named call and writes only through
 * generic calls, so permission, data scope and row versions hold for the chart as for any form:
 *
 * - `dataCall` (GET, under the entity's module base) answers `{tasks, links, truncated}` for the
 *   caller's readable tasks, or with `root` the root task and every task under it. Tasks have
 *   taskId, parentId, title, taskType (task | summary | milestone), startDate, endDate (whole days,
 *   inclusive), progress (0–100) and rowVersion; links have linkId, source, target, linkType.
 * - a drag saves `update<Entity>` with the task's key, rowVersion, dates and progress;
 * - a drawn link saves `insert<linkEntity>` ({source, target, linkType}), a deleted one
 *   `delete<linkEntity>` ({id}); the link entity's before-write hook refuses self links,
 *   duplicates and cycles (server/modules/office/progressReports.ts, checkGanttLink).
 *
 * A module whose entity should get the chart adds it here with its data call and link entity.
 */
export interface GanttSource {
  /** The named GET call answering the chart's data, e.g. getOfficeGanttData. */
  dataCall: string;
  /** The entity holding the dependencies (fields source, target, linkType). */
  linkEntity: string;
}

export const GANTT_SOURCES: Readonly<Record<string, GanttSource>> = {
  OfficeTask: { dataCall: 'getOfficeGanttData', linkEntity: 'OfficeGanttLink' },
};

export function ganttSource(entity: string | undefined): GanttSource | undefined {
  return entity !== undefined && Object.hasOwn(GANTT_SOURCES, entity) ? GANTT_SOURCES[entity] : undefined;
}

/** The call paths (under /capi) the chart of `entity` uses, in the module whose call base is `base`. */
export interface GanttCalls {
  data: string;
  update: string;
  insertLink: string;
  deleteLink: string;
}

export function ganttCalls(base: string, entity: string, source: GanttSource): GanttCalls {
  return {
    data: namedCallPath(base, 'get', source.dataCall),
    update: callPath(base, entity, 'update'),
    insertLink: callPath(base, source.linkEntity, 'insert'),
    deleteLink: callPath(base, source.linkEntity, 'delete'),
  };
}
