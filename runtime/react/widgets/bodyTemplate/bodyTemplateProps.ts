import { namedCallPath } from '../../../core/naming';
import { bodyTemplateSource, type BodyTemplateSource } from '../../../core/richText';
import type { WidgetContext } from '../widgetRegistry';

/** What the `bodyTemplate` widget reads from the schema (plain data, worked out once per form). */
export interface BodyTemplateProps extends Record<string, unknown> {
  /** The template entity's list call, e.g. /get/info/getNoticeTemplateListByType. */
  listPath: string;
  source: BodyTemplateSource;
}

export function bodyTemplateProps({ bundle, field }: WidgetContext): BodyTemplateProps {
  const source = bodyTemplateSource(field.entity);
  const target = field.entity ? bundle.references[field.entity] : undefined;
  // The schema load refused the widget on any other field (runtime/core/schema/customWidgets.ts).
  if (!source || !target) throw new Error(`the bodyTemplate widget on ${bundle.entity.name}.${field.name} needs a reference to a template entity of BODY_TEMPLATE_SOURCES`);
  const fills = bundle.entity.fields.find((candidate) => candidate.name === source.fills);
  if (fills?.type !== 'richText') throw new Error(`the bodyTemplate widget on ${bundle.entity.name}.${field.name} fills "${source.fills}", which is no rich-text field of ${bundle.entity.name}`);
  if (source.filterField && !bundle.entity.fields.some((candidate) => candidate.name === source.filterField)) {
    throw new Error(`the bodyTemplate widget on ${bundle.entity.name}.${field.name} filters by "${source.filterField}", which is no field of ${bundle.entity.name}`);
  }
  return { listPath: namedCallPath(target.base, 'get', source.listCall), source };
}
