/**
 * What the full-text search indexes: one line per entity. A source whose entity is not in the
 * registry (a module not installed, a reduced test schema set) is skipped; a field named here
 * that the entity does not declare, or an attachment field of another type, stops the server at
 * start (activeSources.ts) instead of leaving the field's text out of every search unnoticed.
 * Who may read a hit is the record's own rule with the module's widening
 * (entity/extraReadRules.ts: published knowledge, news, regulations; notices to their recipients).
 */
export interface SearchSource {
  /** Entity name (the registry's). */
  entity: string;
  /** The field shown as the hit's title. */
  titleField: string;
  /** Text fields searched besides the title; `format: "html"` fields are read as their text. */
  bodyFields: readonly string[];
  /** An `attachments` field whose files' text (txt, docx, xlsx, pdf) is searched too. */
  attachmentField?: string;
  /**
   * The in-app page a reader of the record reads it on, `{id}` standing for the record's id: the
   * link of every hit of the source, whoever searches — staff read on reader pages and hold no
   * management page (docs/ARCHITECTURE.md › Page grants and management pages). Left out only for
   * a source with no reader page: its hits then open the record's details on the entity's
   * management page (its menu page), which only that page's holders can open.
   */
  readerLink?: string;
}

export const SEARCH_SOURCES: readonly SearchSource[] = [
  { entity: 'Knowledge', titleField: 'title', bodyFields: ['summary', 'tags', 'content'], attachmentField: 'attachments', readerLink: '/knowledge/read/{id}' },
  { entity: 'News', titleField: 'title', bodyFields: ['summary', 'content'], attachmentField: 'attachments', readerLink: '/info/news/view?newsId={id}' },
  { entity: 'Notice', titleField: 'title', bodyFields: ['docNo', 'content'], attachmentField: 'attachments', readerLink: '/info/notice/view?noticeId={id}' },
  { entity: 'RegulationFile', titleField: 'title', bodyFields: ['fileNo', 'content'], attachmentField: 'files', readerLink: '/file/regulation/read?regulationId={id}' },
];

/**
 * Where a hit on `recordId` of `source` leads: the source's reader page, else the record's details
 * on `managementPath` (the entity's menu page); null when the source has neither.
 */
export function searchHitLink(source: SearchSource, recordId: string, managementPath: string | null): string | null {
  const id = encodeURIComponent(recordId);
  if (source.readerLink) return source.readerLink.replace('{id}', id);
  return managementPath ? `${managementPath}/details?id=${id}` : null;
}
