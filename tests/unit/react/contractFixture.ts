import { normaliseEntity } from '../../../runtime/core/schema';
import type { EntitySchemaBundle } from '../../../runtime/react/schema/EntitySchemaBundle';

/**
 * A small contract entity with one field of each kind the runtime treats specially, normalised
 * the way getEntitySchema serves it.
 */
export function contractBundle(): EntitySchemaBundle {
  const entity = normaliseEntity({
    formatVersion: 1,
    name: 'HrContract',
    key: 'contractId',
    fields: [
      { name: 'title', type: 'string', label: 'hr.contract.title', required: true, maxLength: 50 },
      { name: 'contractType', type: 'dictionary', label: 'hr.contract.type', dictionary: 'hrContractType' },
      { name: 'level', type: 'options', label: 'hr.contract.level', options: [{ label: 'hr.level.a', value: 'A' }, { label: 'hr.level.b', value: 'B' }] },
      { name: 'salary', type: 'money', label: 'hr.contract.salary', min: 0, max: 1000000 },
      { name: 'probation', type: 'switch', label: 'hr.contract.probation' },
      { name: 'probationMonths', type: 'integer', label: 'hr.contract.probationMonths', rules: [{ expression: 'probationMonths <= 6', message: 'hr.contract.probationTooLong' }] },
      { name: 'signDate', type: 'date', label: 'hr.contract.signDate' },
      { name: 'period', type: 'dateRange', label: 'hr.contract.period' },
      { name: 'owner', type: 'user', label: 'hr.contract.owner' },
      { name: 'project', type: 'reference', label: 'hr.contract.project', entity: 'PmProject' },
      { name: 'files', type: 'attachments', label: 'hr.contract.files' },
      { name: 'code', type: 'string', label: 'hr.contract.code', rules: [{ pattern: '^[A-Z]{2}\\d+$', message: 'hr.contract.codeFormat' }] },
      { name: 'items', type: 'subTable', label: 'hr.contract.items', fields: [
        { name: 'itemName', type: 'string', label: 'hr.contract.itemName', required: true },
        { name: 'amount', type: 'money', label: 'hr.contract.amount' },
      ] },
      { name: 'status', type: 'status', label: 'hr.contract.status' },
    ],
    list: {
      columns: [{ prop: 'title', sortable: true }, { prop: 'contractType' }, { prop: 'salary', width: 120 }, { prop: 'status' }],
      filters: [{ field: 'title' }, { field: 'contractType' }],
      keywordFields: ['title'],
      defaultSort: { prop: 'signDate', order: 'descending' },
      scopes: { manage: true, my: { ownerField: 'owner' } },
    },
    form: {
      layout: [
        { kind: 'grid', children: [
          { kind: 'col', span: 12, children: [{ kind: 'field', field: 'title', tips: 'hr.contract.titleTips' }] },
          { kind: 'col', span: 12, children: [{ kind: 'field', field: 'contractType' }] },
        ] },
        { kind: 'tabs', children: [
          { kind: 'tab', title: 'hr.contract.tabMoney', children: [
            { kind: 'field', field: 'salary', span: 8 },
            { kind: 'field', field: 'probation', span: 8 },
            { kind: 'field', field: 'probationMonths', span: 8, hiddenWhen: 'probation != 1', requiredWhen: 'probation == 1', message: 'hr.contract.monthsRequired' },
          ] },
          { kind: 'tab', title: 'hr.contract.tabOther', children: [
            { kind: 'field', field: 'level' },
            { kind: 'field', field: 'signDate' },
            { kind: 'field', field: 'period' },
            { kind: 'field', field: 'owner' },
            { kind: 'field', field: 'project' },
            { kind: 'field', field: 'files' },
            { kind: 'field', field: 'code' },
            { kind: 'field', field: 'items' },
            { kind: 'field', field: 'status' },
          ] },
        ] },
      ],
    },
    flow: {
      field: 'status',
      initial: 'draft',
      states: [{ name: 'draft', label: 'flow.draft' }, { name: 'approved', label: 'flow.approved', color: 'green' }],
      transitions: [{ name: 'approve', call: 'approvedHrContract', label: 'flow.approve', from: ['draft'], to: 'approved', roles: ['manager'] }],
    },
    importExport: { export: true },
  }, 'hr');
  return {
    entity,
    base: 'hr',
    references: {
      User: { base: 'system', key: 'userId', labelField: 'userName', title: 'entity.User.title' },
      PmProject: { base: 'pm', key: 'projectId', labelField: 'projectName', title: 'entity.PmProject.title' },
    },
  };
}

/** Echoes keys with their options, so assertions see which text was asked for. */
export function echoTranslate(key: string, options?: Record<string, unknown>): string {
  return options ? `${key}${JSON.stringify(options)}` : key;
}
