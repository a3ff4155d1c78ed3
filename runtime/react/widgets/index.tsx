/**
 * Every custom form/details widget, registered in one place (docs/EXTENDING.md): a schema's
 * form item names one with `widget: "<name>"`. Screens reach the registry through this module,
 * so the registrations below have run before any form or details screen renders.
 */
import { CheckTree } from '../form/widgets/checkTree/CheckTree';
import { checkTreePath } from '../form/widgets/checkTree/checkTreePath';
import { registerWidget } from './widgetRegistry';

registerWidget('checkTree', {
  form: ({ value, ...props }) => <CheckTree {...(props as { path: string })} value={value as string | null} />,
  details: ({ value, path, 'data-testid': testId }) => <CheckTree path={String(path)} value={value as string | null} disabled data-testid={testId} />,
  props: ({ bundle, field }) => ({ path: checkTreePath(bundle, field) }),
  wide: true,
});

export { registeredWidget, registeredWidgetNames, registerWidget, widgetTestId } from './widgetRegistry';
export type { DetailsWidgetProps, FormWidgetProps, WidgetContext, WidgetRegistration } from './widgetRegistry';
export { CustomWidget } from './CustomWidget';
