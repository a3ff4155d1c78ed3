import type { ComponentType } from 'react';
import type { CustomWidgetName, FieldDef } from '../../core/schema';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import type { WidgetProps } from '../form/widgets/WidgetProps';

/** What a widget's `props` reads to work out its plain-data props. */
export interface WidgetContext {
  bundle: EntitySchemaBundle;
  field: FieldDef;
}

/** The form control: Formily's value and onChange, plus what the registration's `props` gives. */
export type FormWidgetProps = WidgetProps<unknown> & Record<string, unknown>;

/** The details screen's reading of the value (the stored row's), plus the same props. */
export interface DetailsWidgetProps extends Record<string, unknown> {
  value: unknown;
  row: Record<string, unknown>;
  field: FieldDef;
  'data-testid': string;
}

export interface WidgetRegistration {
  /** The control on the save screen. */
  form: ComponentType<FormWidgetProps>;
  /** The details screen's reading; without it the details show the value as any field of its type. */
  details?: ComponentType<DetailsWidgetProps>;
  /** Props from the schema (a tree call, a format), plain data: computed once per form item. */
  props?(context: WidgetContext): Record<string, unknown>;
  /**
   * Formily's field kind for the value: 'string' (default) for text and comma-joined ids,
   * 'number', or 'any' for a value that is an array or object.
   */
  valueType?: 'string' | 'number' | 'any';
  /** The details screen gives the widget a whole row (a tree, a drawing) instead of one cell. */
  wide?: boolean;
}

const widgets = new Map<string, WidgetRegistration>();

/**
 * One custom widget, named in a schema's form item as `widget: "<name>"`. The name must be
 * declared in runtime/core/schema/customWidgets.ts (the load checks schemas against it, where no
 * React runs), which the type of `name` enforces. Called from runtime/react/widgets/index.ts.
 */
export function registerWidget(name: CustomWidgetName, registration: WidgetRegistration): void {
  widgets.set(name, registration);
}

export function registeredWidget(name: string): WidgetRegistration | undefined {
  return widgets.get(name);
}

export function registeredWidgetNames(): string[] {
  return [...widgets.keys()];
}

/** A widget's test id on the form, e.g. check-tree-menuIds; the details screen's is details-check-tree-menuIds. */
export function widgetTestId(widget: string, field: string): string {
  return `${widget.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-${field}`;
}
