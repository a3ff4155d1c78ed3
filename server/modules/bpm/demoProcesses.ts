import type { ProcessDefinition } from '../../../runtime/core/bpm';
import expense from './processes/expense.json';
import leave from './processes/leave.json';
import seal from './processes/seal.json';
import sealApply from './processes/sealApply.json';
import docSend from '../doc/processes/docSend.json';
import docReceive from '../doc/processes/docReceive.json';

/** Demo ids the definitions refer to: users by account, departments by demo key. */
export interface DemoIds { user(account: string): string; dept(key: string): string }

type DemoProcess = { processKey: string; processName: string; category: string; definition: Omit<ProcessDefinition, 'key' | 'name'> };

/**
 * 请假申请, 费用报销, 用印申请: the processes of the demo (issue 13), one JSON file each under
 * processes/ (validated by schemas/meta/process.schema.json in tests/unit/core/bpm). The files
 * name demo people and departments as `@user:<account>` and `@dept:<demo key>`, turned into ids
 * here; the category is the record's, not the definition's. Process, node and edge names and
 * the categories are language-pack keys (locales/parts/bpm-names.*.json: `bpm.process.<key>.name`,
 * `.node.<id>`, `.edge.<from>-<to>`, `bpm.category.<code>`), read in each reader's language.
 */
export const DEMO_PROCESS_FILES: { file: unknown; category: string }[] = [
  { file: leave, category: 'bpm.category.hr' }, { file: expense, category: 'bpm.category.finance' }, { file: seal, category: 'bpm.category.admin' },
  // Bound to the BpmSealApply entity: submitted from its records, not started from the centre (docs/WORKFLOW.md › Binding).
  { file: sealApply, category: 'bpm.category.admin' },
  // 公文 (schemas/doc): 发文 and 收文 records are submitted to these.
  { file: docSend, category: 'bpm.category.doc' }, { file: docReceive, category: 'bpm.category.doc' },
];

/** Replaces the `@user:` / `@dept:` placeholders anywhere in a definition. */
function resolvePlaceholders(value: unknown, ids: DemoIds): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('@user:')) return ids.user(value.slice('@user:'.length));
    if (value.startsWith('@dept:')) return ids.dept(value.slice('@dept:'.length));
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => resolvePlaceholders(v, ids));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolvePlaceholders(v, ids)]));
  return value;
}

export function demoProcesses(ids: DemoIds): DemoProcess[] {
  return DEMO_PROCESS_FILES.map(({ file, category }) => {
    const { $schema: _schema, key, name, ...definition } = resolvePlaceholders(file, ids) as ProcessDefinition & { $schema?: string };
    return { processKey: key, processName: name, category, definition };
  });
}

/** Department leaders of the demo tree (the leave and expense processes start with the applicant's leader). */
export const DEMO_DEPT_LEADERS: Record<string, string> = {
  root: 'wuting', office: 'wuting', hr: 'zhangwei', admin: 'huangqiang', fleet: 'wangfang',
  tech: 'yanglei', frontend: 'yanglei', backend: 'liuyang', finance: 'chenjing',
};
