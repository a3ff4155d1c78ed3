/**
 * Every custom form/details widget, registered in one place (docs/EXTENDING.md): a schema's
 * form item names one with `widget: "<name>"`. Screens reach the registry through this module,
 * so the registrations below have run before any form or details screen renders.
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { CheckTree } from '../form/widgets/checkTree/CheckTree';
import { checkTreePath } from '../form/widgets/checkTree/checkTreePath';
import { TreeReferenceSelect } from '../form/widgets/TreeReferenceSelect';
import { BodyTemplateSelect } from './bodyTemplate/BodyTemplateSelect';
import { bodyTemplateProps } from './bodyTemplate/bodyTemplateProps';
import { ganttWidgetProps, type GanttWidgetProps } from './gantt/ganttWidgetProps';
import { registerWidget, type DetailsWidgetProps } from './widgetRegistry';

// The chart (SVAR's Gantt and its CSS) loads with the first details screen that shows one, never with the first screen.
const GanttDetails = lazy(() => import('./gantt/GanttDetails').then((m) => ({ default: m.GanttDetails })));

registerWidget('checkTree', {
  form: ({ value, ...props }) => <CheckTree {...(props as { path: string })} value={value as string | null} />,
  details: ({ value, path, 'data-testid': testId }) => <CheckTree path={String(path)} value={value as string | null} disabled data-testid={testId} />,
  props: ({ bundle, field }) => ({ path: checkTreePath(bundle, field) }),
  wide: true,
});

registerWidget('gantt', {
  form: ({ value, onChange, disabled, placeholder, path, 'data-testid': testId }) => (
    <TreeReferenceSelect path={String(path)} value={value as string | null} onChange={onChange} disabled={disabled} placeholder={placeholder} data-testid={testId} />
  ),
  details: (props) => (
    <Suspense fallback={<Spin size="small" />}>
      <GanttDetails {...(props as DetailsWidgetProps & GanttWidgetProps)} />
    </Suspense>
  ),
  props: ganttWidgetProps,
  wide: true,
});

// The details screen shows the chosen template's name, as for any reference.
registerWidget('bodyTemplate', { form: (props) => <BodyTemplateSelect {...props} />, props: bodyTemplateProps });

export { registeredWidget, registeredWidgetNames, registerWidget, widgetTestId } from './widgetRegistry';
export type { DetailsWidgetProps, FormWidgetProps, WidgetContext, WidgetRegistration } from './widgetRegistry';
export { CustomWidget } from './CustomWidget';
