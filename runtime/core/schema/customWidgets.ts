import type { FieldDef } from './types';

/**
 * What the schema check knows of a custom form/details widget: its name and which fields it
 * can hold. The component itself is registered in the browser (runtime/react/widgets, one
 * `registerWidget` call); the server and the tests load schemas without React, so the name lives
 * here, where the load can refuse a form item naming a widget that does not exist.
 */
export interface CustomWidgetDeclaration {
  accepts(field: FieldDef): boolean;
  /** What `accepts` wants, for the load's error ("a departments field or a multiple reference"). */
  expects: string;
}

export const CUSTOM_WIDGETS = {
  /** Several nodes of a tree (departments, a role's menus) checked on the open tree with search. */
  checkTree: {
    accepts: (field) => field.type === 'departments' || (field.type === 'reference' && field.multiple === true),
    expects: 'a departments field or a multiple reference',
  },
} satisfies Record<string, CustomWidgetDeclaration>;

export type CustomWidgetName = keyof typeof CUSTOM_WIDGETS;

export function customWidgetDeclaration(name: string): CustomWidgetDeclaration | undefined {
  return Object.hasOwn(CUSTOM_WIDGETS, name) ? CUSTOM_WIDGETS[name as CustomWidgetName] : undefined;
}
