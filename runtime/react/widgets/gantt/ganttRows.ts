import dayjs from 'dayjs';

/** A task as a Gantt data call answers it (runtime/core/gantt/ganttSources.ts; server/modules/office/ganttCalls.ts). */
export interface TaskRow {
  taskId: string;
  parentId: string | null;
  title: string;
  taskType: 'task' | 'summary' | 'milestone';
  startDate: string;
  endDate: string;
  progress: number | null;
  leaderName?: string | null;
  status: string;
  rowVersion: number;
}

export interface LinkRow { linkId: string; source: string; target: string; linkType: 'e2s' | 's2s' | 'e2e' | 's2e' }

export interface GanttData { tasks: TaskRow[]; links: LinkRow[]; truncated: boolean }

/** The dates and progress of one task as the chart draws them. */
export function chartDatesOf(row: TaskRow): { start: Date; end: Date; progress: number } {
  return {
    start: dayjs(row.startDate).toDate(),
    end: row.taskType === 'milestone' ? dayjs(row.startDate).toDate() : dayjs(row.endDate).add(1, 'day').toDate(),
    progress: row.progress ?? 0,
  };
}

/**
 * Our rows → the chart's: dates are whole days, the end date inclusive in our tables and exclusive
 * on the chart (a task of 3 to 5 May covers three cells). A parent the caller may not read is
 * left out, so such a task shows at the top level instead of vanishing. Parents come before
 * their children, as the chart's tree is built in one pass.
 */
export function toChartTasks(unordered: readonly TaskRow[]) {
  const rows = parentsFirst(unordered);
  const ids = new Set(rows.map((row) => row.taskId));
  const parents = new Set(rows.map((row) => row.parentId).filter((id) => id && ids.has(id)));
  return rows.map((row) => ({
    id: row.taskId,
    text: row.title,
    ...chartDatesOf(row),
    type: row.taskType,
    parent: row.parentId && ids.has(row.parentId) ? row.parentId : 0,
    // Only a task with children may be open: SVAR walks an open task's children.
    ...(parents.has(row.taskId) ? { open: true } : {}),
    leader: row.leaderName ?? '',
  }));
}

export function toChartLinks(rows: readonly LinkRow[]) {
  return rows.map((row) => ({ id: row.linkId, source: row.source, target: row.target, type: row.linkType }));
}

/** The chart's dates back to ours: start day, and the inclusive end day (a milestone ends where it starts). */
export function fromChartDates(start: Date, end: Date | undefined, taskType: TaskRow['taskType']): { startDate: string; endDate: string } {
  const startDate = dayjs(start).format('YYYY-MM-DD');
  if (taskType === 'milestone' || !end) return { startDate, endDate: startDate };
  const last = dayjs(end).subtract(1, 'day');
  return { startDate, endDate: (last.isBefore(dayjs(start), 'day') ? dayjs(start) : last).format('YYYY-MM-DD') };
}

/** Rows reordered so every parent precedes its children (siblings keep their order). */
function parentsFirst(rows: readonly TaskRow[]): TaskRow[] {
  const ids = new Set(rows.map((row) => row.taskId));
  const children = new Map<string | null, TaskRow[]>();
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const ordered: TaskRow[] = [];
  const visit = (parent: string | null) => {
    for (const row of children.get(parent) ?? []) { ordered.push(row); visit(row.taskId); }
  };
  visit(null);
  return ordered;
}
