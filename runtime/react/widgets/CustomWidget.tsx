import { registeredWidget } from './widgetRegistry';
import type { FormWidgetProps } from './widgetRegistry';

/**
 * The one Formily component behind every custom widget (`x-component: 'CustomWidget'`): the
 * generated schema names the widget as plain data and this looks its control up at render, so a
 * new widget needs no entry in the form's component table.
 */
export function CustomWidget({ widget, ...props }: FormWidgetProps & { widget?: string }) {
  const registration = widget ? registeredWidget(widget) : undefined;
  // The schema load refused unknown names; a missing registration is a programming error.
  if (!registration) throw new Error(`no widget registered as "${String(widget)}" (runtime/react/widgets/index.ts)`);
  const Form = registration.form;
  return <Form {...props} />;
}
