/**
 * Template entities whose choice on a form fills the form's rich-text body: the `bodyTemplate`
 * custom widget (runtime/core/schema/customWidgets.ts) on a single reference to one of them.
 *
 * - `listCall` (GET, under the template entity's module base) answers the templates the writer may
 *   choose as `[{ [idKey], [labelKey], [bodyKey], [flagKey]? }]`; with `filterField`, the form's
 *   value of that field goes along as the parameter of the same name (a notice's type: the
 *   templates of that type).
 * - Choosing one puts its body into the form's `fills` field, asking first when that field holds
 *   text of the writer's own; clearing the choice leaves the body as it is.
 *
 * A module whose form should start from such templates adds its template entity here.
 */
export interface BodyTemplateSource {
  listCall: string;
  filterField?: string;
  idKey: string;
  labelKey: string;
  bodyKey: string;
  /** A true value of this key marks the choice with `flagLabel` (an i18n key), e.g. 红头. */
  flagKey?: string;
  flagLabel?: string;
  /** The rich-text field of the referring form the body goes into. */
  fills: string;
}

export const BODY_TEMPLATE_SOURCES: Readonly<Record<string, BodyTemplateSource>> = {
  NoticeTemplate: {
    listCall: 'getNoticeTemplateListByType', filterField: 'noticeType', idKey: 'templateId', labelKey: 'templateName', bodyKey: 'bodyHtml',
    flagKey: 'redHeader', flagLabel: 'info.noticeTemplate.redHeaderTag', fills: 'content',
  },
};

export function bodyTemplateSource(entity: string | undefined): BodyTemplateSource | undefined {
  return entity !== undefined && Object.hasOwn(BODY_TEMPLATE_SOURCES, entity) ? BODY_TEMPLATE_SOURCES[entity] : undefined;
}
