import type { FieldDef } from './types';
import { GANTT_SOURCES, ganttSource } from '../gantt/ganttSources';
import { BODY_TEMPLATE_SOURCES, bodyTemplateSource } from '../richText/bodyTemplates';

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
  /**
   * The Gantt chart of a task's breakdown on the details screen: the task the field names and
   * every task under it, dragged, resized, linked and zoomed as on the task page, each change saved
   * through the entity's own calls (runtime/core/gantt/ganttSources.ts). On a tree entity's own
   * parent field (OfficeTask.parentId) a task without a parent shows its own breakdown. The form
   * keeps the field's tree picker.
   */
  gantt: {
    accepts: (field) => field.type === 'reference' && field.multiple !== true && ganttSource(field.entity) !== undefined,
    expects: `a single reference to a Gantt task entity (${Object.keys(GANTT_SOURCES).join(', ')})`,
  },
  /**
   * A template choice that fills the form's rich-text body (a notice from its notice template):
   * the templates come from the template entity's list call, narrowed by a field of the form,
   * and choosing one replaces the body, asking first when the writer has typed one
   * (runtime/core/richText/bodyTemplates.ts). The details screen shows the reference as usual.
   */
  bodyTemplate: {
    accepts: (field) => field.type === 'reference' && field.multiple !== true && bodyTemplateSource(field.entity) !== undefined,
    expects: `a single reference to a template entity (${Object.keys(BODY_TEMPLATE_SOURCES).join(', ')})`,
  },
} satisfies Record<string, CustomWidgetDeclaration>;

export type CustomWidgetName = keyof typeof CUSTOM_WIDGETS;

export function customWidgetDeclaration(name: string): CustomWidgetDeclaration | undefined {
  return Object.hasOwn(CUSTOM_WIDGETS, name) ? CUSTOM_WIDGETS[name as CustomWidgetName] : undefined;
}
