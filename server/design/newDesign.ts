import type { CallRequest } from '../calls/CallHandler';
import { ApiError } from '../http/ApiError';
import type { DesignService } from './DesignService';

/** A new entity as the design list's 新增 asks for it. */
export interface NewDesign { name: string; module: string; title: string; titleEn: string; table: string }

const MAX_TABLE = 60;

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function text(raw: unknown, max: number): string {
  return typeof raw === 'string' ? raw.trim().slice(0, max) : '';
}

/** Checks the name, module and title of a new design; its table is `<module>_<snake name>`, free. */
export function readNewDesign(request: CallRequest, service: DesignService): NewDesign {
  const { registry } = request.ctx;
  const name = text(request.params.name, 60);
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw ApiError.business('design.error.badName');
  if (registry.entities.has(name) || service.fileSource(name)) throw ApiError.business('design.error.nameTaken', { name });
  const module = text(request.params.module, 60);
  if (!registry.modules.has(module)) throw ApiError.business('design.error.unknownModule', { module });
  const title = text(request.params.title, 100);
  if (!title) throw ApiError.business('design.error.titleRequired');
  const table = `${module.toLowerCase()}_${snake(name)}`.slice(0, MAX_TABLE);
  if ([...registry.entities.values()].some((e) => e.table === table)) throw ApiError.business('design.error.tableTaken', { table });
  return { name, module, title, titleEn: text(request.params.titleEn, 100) || title, table };
}

/**
 * The first draft of a new entity: a subject field, the usual calls, its texts in both languages.
 * The designer adds the rest; the user fills in 标题 until then.
 */
export function newEntityDocument(design: NewDesign): Record<string, unknown> {
  const titleKey = `entity.${design.name}.title`;
  const subjectKey = `entity.${design.name}.field.subject`;
  return {
    formatVersion: 1,
    name: design.name,
    title: titleKey,
    table: design.table,
    key: 'id',
    labelField: 'subject',
    calls: ['list', 'view', 'insert', 'update', 'delete', 'export'],
    fields: [{ name: 'subject', type: 'string', label: subjectKey, required: true, maxLength: 200 }],
    list: { columns: [{ prop: 'subject' }, { prop: 'createUser', width: 120 }, { prop: 'createTime', width: 170, sortable: true }], keywordFields: ['subject'], defaultSort: { prop: 'createTime', order: 'descending' } },
    messages: {
      'zh-cn': { [titleKey]: design.title, [subjectKey]: '标题' },
      en: { [titleKey]: design.titleEn, [subjectKey]: 'Subject' },
    },
  };
}
