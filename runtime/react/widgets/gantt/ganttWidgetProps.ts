import { ganttCalls, ganttSource, type GanttCalls } from '../../../core/gantt/ganttSources';
import { referenceTreePath } from '../../schema/remoteSelectPath';
import type { WidgetContext } from '../widgetRegistry';

/** What the `gantt` widget reads from the schema (plain data, worked out once per form or details screen). */
export interface GanttWidgetProps extends Record<string, unknown> {
  /** The referred task entity's tree call: the form keeps the field's usual tree picker. */
  path: string;
  calls: GanttCalls;
  /** The field is its own entity's parent field: a record without a parent shows its own breakdown. */
  ownParent: boolean;
  /** The record's key field, to find the record on the chart. */
  recordKey: string;
}

export function ganttWidgetProps({ bundle, field }: WidgetContext): GanttWidgetProps {
  const source = ganttSource(field.entity);
  const target = field.entity ? bundle.references[field.entity] : undefined;
  const path = referenceTreePath(bundle, field);
  // The schema load refused the widget on any other field (runtime/core/schema/customWidgets.ts).
  if (!source || !target || !field.entity || !path) {
    throw new Error(`the gantt widget on ${bundle.entity.name}.${field.name} needs a reference to a tree entity of GANTT_SOURCES`);
  }
  return {
    path,
    calls: ganttCalls(target.base, field.entity, source),
    ownParent: field.entity === bundle.entity.name && bundle.entity.parentField === field.name,
    recordKey: bundle.entity.key,
  };
}
