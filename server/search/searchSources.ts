/**
 * What the full-text search indexes: one line per entity. A source whose entity is not in the
 * registry (a module not installed, a reduced test schema set) is skipped at run time, and so is a
 * named field the entity does not declare. The knowledge module's own readers' rule (published
 * documents visible to the caller) is added to the by-id rule in server/modules/knowledge.
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
}

export const SEARCH_SOURCES: readonly SearchSource[] = [
  { entity: 'Knowledge', titleField: 'title', bodyFields: ['summary', 'tags', 'content'], attachmentField: 'attachments' },
  { entity: 'News', titleField: 'title', bodyFields: ['content'] },
  { entity: 'Notice', titleField: 'title', bodyFields: ['content'] },
  { entity: 'RegulationFile', titleField: 'title', bodyFields: ['content'], attachmentField: 'attachments' },
];
