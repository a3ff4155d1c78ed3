import { Alert, Button, Empty, Space, Typography } from 'antd';
import { Gantt, Willow, type IApi } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GanttCalls } from '../../../core/gantt/ganttSources';
import { useFeedback } from '../../feedback/useFeedback';
import { useRuntime } from '../../useRuntime';
import { bindGanttEvents, type GanttChanges } from './bindGanttEvents';
import { toChartLinks, toChartTasks, type TaskRow } from './ganttRows';
import { DEFAULT_ZOOM, ZOOM_LEVELS, zoomConfig } from './ganttZoom';
import type { GanttLoad } from './useGanttData';
import styles from './gantt.module.css';

export interface GanttChartProps {
  calls: GanttCalls;
  load: GanttLoad;
  reload(): Promise<void>;
  /** The task to select and scroll to when the chart opens (the record a details screen shows); otherwise today is in view. */
  focus?: string;
  /** Only the task name beside the bars, for the narrower room of a details screen. */
  compact?: boolean;
  /** The chart's height (SVAR fills its container, which must have one). */
  height: number | string;
}

/**
 * The task Gantt chart on SVAR's Gantt (MIT), behind our own task and link tables: drag a bar to
 * move it, drag its end to resize it, drag the marker under it for progress, click two link dots
 * to link tasks, select a link and × to delete it, zoom by days, weeks or months; milestones are
 * diamonds. Every change is saved through the entity's own calls (update with the row version
 * read, insert and delete of the link entity), and every answer reloads the data, so a refusal
 * (no permission, a stale version, a loop of links) puts the chart back where the server has it
 * and the request layer says why. Used by the task page and the `gantt` details widget.
 */
export function GanttChart({ calls, load, reload, focus, compact = false, height }: GanttChartProps) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const { message } = useFeedback();
  const apiRef = useRef<IApi | null>(null);
  const [level, setLevel] = useState(DEFAULT_ZOOM);
  const rows = useMemo(() => new Map(load.data.tasks.map((task) => [task.taskId, task])), [load]);
  // SVAR calls init once; the handlers bound there read the latest rows, calls and texts through this ref.
  const refuseSummaryDrag = useCallback(() => void message.warning(t('gantt.summaryDrag')), [message, t]);
  const latest = useRef({ rows, reload, calls, request, refuseSummaryDrag });
  useEffect(() => { latest.current = { rows, reload, calls, request, refuseSummaryDrag }; }, [rows, reload, calls, request, refuseSummaryDrag]);

  const save = useCallback(async (call: () => Promise<unknown>) => {
    try { await call(); } catch { /* the request layer has shown the refusal */ }
    await latest.current.reload();
  }, []);

  const init = useCallback((api: IApi) => {
    apiRef.current = api;
    const post = (call: Exclude<keyof GanttCalls, 'data'>, params: Record<string, unknown>) => void save(() => latest.current.request.post(latest.current.calls[call], params));
    const changes: GanttChanges = {
      row: (id) => latest.current.rows.get(id),
      saveTask: (row: TaskRow, change) => post('update', { id: row.taskId, rowVersion: row.rowVersion, ...change }),
      addLink: (link) => post('insertLink', link),
      deleteLink: (linkId) => post('deleteLink', { id: linkId }),
      refuseSummaryDrag: () => latest.current.refuseSummaryDrag(),
      zoomed: setLevel,
    };
    bindGanttEvents(api, changes);
    const focused = focus ? latest.current.rows.get(focus) : undefined;
    if (focused) {
      void api.exec('select-task', { id: focused.taskId });
      void api.exec('scroll-chart', { date: dayjs(focused.startDate).subtract(3, 'day').toDate() });
    } else {
      // Open on today, not on the earliest task: what is under way matters most.
      void api.exec('scroll-chart', { date: dayjs().subtract(3, 'day').toDate() });
    }
  }, [focus, save]);

  const columns = useMemo(() => [
    { id: 'text', header: t('gantt.column.title'), flexgrow: 2 },
    ...(compact ? [] : [
      { id: 'start', header: t('gantt.column.start'), align: 'center' as const, width: 100, template: (value: Date) => dayjs(value).format('YYYY-MM-DD') },
      { id: 'leader', header: t('gantt.column.leader'), align: 'center' as const, width: 80 },
    ]),
  ], [compact, t]);
  const zoom = useMemo(() => zoomConfig(level, t), [level, t]);
  // Stamped with the load (see GanttLoad.version), so every reload redraws what the server has.
  const tasks = useMemo(() => toChartTasks(load.data.tasks).map((task) => ({ ...task, loaded: load.version })), [load]);
  const links = useMemo(() => toChartLinks(load.data.links), [load]);
  const zoomBy = (dir: number) => void apiRef.current?.exec('zoom-scale', { dir });

  return (
    <div className={styles.gantt}>
      <Space className={styles.toolbar} wrap>
        <Button size="small" onClick={() => zoomBy(-1)} disabled={level === 0} data-testid="gantt-zoom-out">{t('gantt.zoomOut')}</Button>
        <span data-testid="gantt-zoom-level" data-level={ZOOM_LEVELS[level]}>{t(`gantt.level.${ZOOM_LEVELS[level]}`)}</span>
        <Button size="small" onClick={() => zoomBy(1)} disabled={level === ZOOM_LEVELS.length - 1} data-testid="gantt-zoom-in">{t('gantt.zoomIn')}</Button>
        <Typography.Text type="secondary">{t('gantt.hint')}</Typography.Text>
      </Space>
      {load.data.truncated ? <Alert type="warning" showIcon message={t('gantt.truncated')} className={styles.notice} /> : null}
      {tasks.length === 0 ? <Empty description={t('gantt.empty')} /> : (
        // data-loaded: the load shown, for a test to wait for the reload that follows a change.
        <div className={styles.chart} style={{ height }} data-testid="gantt-chart" data-loaded={load.version}>
          {/* Willow is SVAR's light theme: without it the bars have no colours. No fonts: they come from SVAR's CDN (see gantt.module.css). */}
          <Willow fonts={false}>
            <Gantt init={init} tasks={tasks} links={links} zoom={zoom} columns={columns} cellHeight={36} gridWidth={compact ? 200 : undefined} />
          </Willow>
        </div>
      )}
    </div>
  );
}
