import type { IApi, ITask } from '@svar-ui/react-gantt';
import { fromChartDates, type LinkRow, type TaskRow } from './ganttRows';

/** What a change on the chart becomes: a save through the entity's calls, or a refusal. */
export interface GanttChanges {
  /** The stored task behind a bar (its type and rowVersion). */
  row(id: string): TaskRow | undefined;
  saveTask(row: TaskRow, change: { startDate: string; endDate: string; progress: number }): void;
  addLink(link: { source: string; target: string; linkType: LinkRow['linkType'] }): void;
  deleteLink(linkId: string): void;
  refuseSummaryDrag(): void;
  /** The chart moved to another zoom level (a button or Ctrl + wheel). */
  zoomed(level: number): void;
}

/** Changes the chart could make that are made on our own forms and lists instead (permissions, owner fields, flow). */
const FORM_ONLY = ['add-task', 'delete-task', 'copy-task', 'move-task', 'indent-task', 'show-editor', 'update-link'] as const;

/**
 * Wires SVAR's events to our saves. SVAR applies a drag in its store's own `update-task` handler
 * (the event carries the shift in `diff` and the old dates), so the save listens with `on`, which
 * runs after the store, and reads the task the store answers in `ev.task`. Updates the store makes
 * by itself carry an `eventSource`: a summary stretched over a moved subtask, subtasks shifted
 * with a dragged summary. Our tables keep a summary's own dates, so those are refused here, and a
 * summary with subtasks cannot be dragged at all (its subtasks would stay where they are on the
 * server while the chart showed them moved): the user is told to move the subtasks instead.
 * Links are saved first and drawn from the server's answer, so the intercepts stop SVAR's own.
 * A refused change is put back by the reload that follows every answer (GanttChart).
 */
export function bindGanttEvents(api: IApi, changes: GanttChanges): void {
  for (const action of FORM_ONLY) api.intercept(action, () => false);

  api.intercept('drag-task', (ev) => {
    // A vertical drag reorders rows (the grid's drag): the order is the task's sort field, set on its form.
    if (ev.top !== undefined) return false;
    const task = api.getTask(ev.id);
    if (task?.type === 'summary' && (task.data?.length ?? 0) > 0) {
      changes.refuseSummaryDrag();
      return false;
    }
    return true;
  });

  api.intercept('update-task', (ev) => !ev.eventSource);
  api.on('update-task', (ev) => {
    if (ev.inProgress || ev.eventSource) return;
    const row = changes.row(String(ev.id));
    if (!row) return;
    const task = ev.task as ITask;
    const dates = task.start ? fromChartDates(task.start, task.end, row.taskType) : { startDate: row.startDate, endDate: row.endDate };
    const progress = Math.round(Number(task.progress ?? row.progress ?? 0));
    if (dates.startDate === row.startDate && dates.endDate === row.endDate && progress === (row.progress ?? 0)) return;
    changes.saveTask(row, { ...dates, progress });
  });

  api.intercept('add-link', (ev) => {
    const { source, target, type } = ev.link;
    if (source !== undefined && target !== undefined) changes.addLink({ source: String(source), target: String(target), linkType: type ?? 'e2s' });
    return false;
  });
  api.intercept('delete-link', (ev) => {
    changes.deleteLink(String(ev.id));
    return false;
  });

  api.on('zoom-scale', () => {
    const level = api.getState().zoom?.level;
    if (typeof level === 'number') changes.zoomed(level);
  });
}
