import type { DetailsWidgetProps } from '../widgetRegistry';
import { FieldValue } from '../../format/FieldValue';
import { GanttChart } from './GanttChart';
import type { GanttWidgetProps } from './ganttWidgetProps';
import { useGanttData } from './useGanttData';

/** SVAR's own heights: two scale rows, and one row per task (GanttChart's cellHeight). */
const SCALE_HEIGHT = 72;
const ROW_HEIGHT = 36;
const MAX_HEIGHT = 520;

/**
 * The `gantt` widget on a details screen: the task the field names (on a task's own parent field:
 * its parent, or the task itself when it has none) with every task under it, on the chart, the
 * record selected. Above it the field's value as usual. Loaded with the first details screen that
 * has the widget (runtime/react/widgets/index.tsx), never with the rest of the app.
 */
export function GanttDetails({ value, row, field, calls, ownParent, recordKey, 'data-testid': testId }: DetailsWidgetProps & GanttWidgetProps) {
  const parent = typeof value === 'string' && value !== '' ? value : undefined;
  const record = ownParent && row[recordKey] !== undefined ? String(row[recordKey]) : undefined;
  const root = parent ?? record;
  return (
    <div data-testid={testId}>
      <FieldValue field={field} row={row} variant="details" />
      {root ? <Breakdown key={root} root={root} focus={record} calls={calls} /> : null}
    </div>
  );
}

function Breakdown({ root, focus, calls }: { root: string; focus?: string; calls: GanttWidgetProps['calls'] }) {
  const { load, reload } = useGanttData(calls.data, root);
  // A task alone, without subtasks or a parent, is no chart worth the room.
  if (!load || load.data.tasks.length < 2) return null;
  const height = Math.min(MAX_HEIGHT, SCALE_HEIGHT + ROW_HEIGHT * load.data.tasks.length + 20);
  return <GanttChart calls={calls} load={load} reload={reload} focus={focus} compact height={height} />;
}
