import type {
  EntityAction, EntityDef, FieldDef, FormNode, ListColumn, ListDef, WorkflowBinding,
} from './types';
import { ENTITY_ACTIONS, ROW_VERSION } from './types';
import { isNumericField } from '../filter/isNumericField';

/**
 * Fills every default of an entity so the server, the screens and the designer all read the
 * same complete definition and none of them re-derives a default on its own.
 * Input: a document already checked against the meta-schema.
 */

const SYSTEM_FIELD_DEFS: FieldDef[] = [
  { name: 'createUser', type: 'user', label: 'common.field.createUser', system: true, indexed: true },
  { name: 'createDept', type: 'department', label: 'common.field.createDept', system: true, indexed: true },
  { name: 'unitId', type: 'reference', entity: 'Unit', label: 'common.field.unitId', system: true, indexed: true },
  // Recorded by the machine, read in logs and audits to the second (people's own times show minutes).
  { name: 'createTime', type: 'datetime', label: 'common.field.createTime', system: true, indexed: true, seconds: true },
  { name: 'updateTime', type: 'datetime', label: 'common.field.updateTime', system: true, seconds: true },
  { name: ROW_VERSION, type: 'integer', label: 'common.field.rowVersion', system: true },
];

const EDITABLE_DEFAULT_COLUMNS = 6;

/**
 * `entity.<E>.field.<f>`, and `entity.<E>.subField.<sub>.<f>` for a sub-table's column: under
 * `field.<sub>` it would need `entity.<E>.field.<sub>` to be both the sub-table's label (a text)
 * and the group of its columns' labels, which a language pack cannot hold.
 */
function fieldLabel(entityName: string, field: FieldDef, subTable?: string): string {
  return field.label ?? (subTable ? `entity.${entityName}.subField.${subTable}.${field.name}` : `entity.${entityName}.field.${field.name}`);
}

function normaliseFields(entityName: string, fields: FieldDef[], subTable?: string): FieldDef[] {
  return fields.map((field) => ({
    ...field,
    label: fieldLabel(entityName, field, subTable),
    ...(field.fields ? { fields: normaliseFields(entityName, field.fields, field.name) } : {}),
  }));
}

function defaultLayout(fields: FieldDef[]): FormNode[] {
  const editable = fields.filter((f) => !f.system && !f.readOnly && f.type !== 'status');
  if (editable.length === 0) return [];
  return [{
    kind: 'grid',
    children: editable.map((f) => ({
      kind: 'col' as const,
      span: ['text', 'richText', 'attachments', 'subTable'].includes(f.type) ? 24 : 12,
      children: [{ kind: 'field' as const, field: f.name }],
    })),
  }];
}

function defaultColumns(fields: FieldDef[]): ListColumn[] {
  return fields
    .filter((f) => !f.system && !['text', 'richText', 'subTable', 'attachments', 'image', 'location'].includes(f.type))
    .slice(0, EDITABLE_DEFAULT_COLUMNS)
    .map((f) => ({ prop: f.name }));
}

export function normaliseEntity(raw: Record<string, unknown>, moduleName: string): EntityDef {
  const doc = raw as unknown as Partial<EntityDef> & { name: string; key: string; fields: FieldDef[] };
  const name = doc.name;
  const declared = normaliseFields(name, doc.fields);
  const hasKey = declared.some((f) => f.name === doc.key);
  const keyField: FieldDef[] = hasKey ? [] : [{ name: doc.key, type: 'string', label: 'common.field.id', system: true }];
  const dataScope = doc.dataScope ?? true;
  const systemFields = SYSTEM_FIELD_DEFS.filter((s) => s.name !== doc.key && !declared.some((f) => f.name === s.name));
  const fields = [...keyField, ...declared, ...systemFields];

  const firstString = declared.find((f) => f.type === 'string');
  const labelField = doc.labelField ?? firstString?.name ?? doc.key;
  const rawList: Partial<ListDef> = doc.list ?? {};
  // The label when it is words; a number label (a setting's day count) gives way to the first text field.
  const labelDef = declared.find((f) => f.name === labelField);
  const keywordDefault = !firstString ? [] : labelDef && isNumericField(labelDef) ? [firstString.name] : [labelField];
  const list: ListDef = {
    columns: rawList.columns ?? defaultColumns(declared),
    filters: rawList.filters ?? [],
    keywordFields: rawList.keywordFields ?? keywordDefault,
    defaultSort: rawList.defaultSort ?? (doc.sortField
      ? { prop: doc.sortField, order: 'ascending' }
      : { prop: 'createTime', order: 'descending' }),
    scopes: { manage: rawList.scopes?.manage ?? true, ...(rawList.scopes?.my ? { my: rawList.scopes.my } : {}) },
    summary: rawList.summary ?? false,
  };

  const importExport = { import: doc.importExport?.import ?? false, export: doc.importExport?.export ?? false };
  const calls: EntityAction[] = doc.calls ?? [
    'list', 'view', 'insert', 'update', 'delete',
    ...(list.scopes.my ? (['my'] as const) : []),
    ...(importExport.import ? (['import'] as const) : []),
    ...(importExport.export ? (['export'] as const) : []),
  ];

  const permissions: Record<string, string> = {};
  const actionNames = [...ENTITY_ACTIONS, ...(doc.flow?.transitions.map((t) => t.name) ?? [])];
  for (const action of actionNames) {
    permissions[action] = doc.permissions?.[action] ?? `${moduleName}:${name}:${action}`;
  }

  return {
    formatVersion: doc.formatVersion ?? 1,
    name,
    module: moduleName,
    title: doc.title ?? `entity.${name}.title`,
    table: doc.table ?? name.toLowerCase(),
    key: doc.key,
    ...(doc.parentField ? { parentField: doc.parentField } : {}),
    labelField,
    ...(doc.sortField ? { sortField: doc.sortField } : {}),
    fields,
    list,
    form: { ...(doc.form?.labelWidth ? { labelWidth: doc.form.labelWidth } : {}), layout: doc.form?.layout ?? defaultLayout(declared) },
    // The row version is bookkeeping for writers, not something a reader needs to see.
    details: doc.details ?? { sections: [{ fields: fields.filter((f) => f.name !== doc.key && f.name !== ROW_VERSION).map((f) => f.name) }] },
    ...(doc.flow ? { flow: { ...doc.flow, editableIn: doc.flow.editableIn ?? [doc.flow.initial], transitions: doc.flow.transitions.map((t) => ({ ...t, roles: t.roles ?? [] })) } } : {}),
    ...(doc.workflow ? { workflow: workflowBinding(doc.workflow) } : {}),
    permissions,
    calls,
    importExport,
    dataScope,
    pickerOpen: doc.pickerOpen ?? false,
    personal: doc.personal ?? false,
    single: doc.single ?? false,
    pickerFields: doc.pickerFields ?? [],
    actions: (doc.actions ?? []).map((a) => ({ ...a, permission: a.permission ?? permissions.update })),
    indexes: doc.indexes ?? [],
    ...(doc.duty ? { duty: doc.duty } : {}),
    ...(doc.securityReview ? { securityReview: { all: doc.securityReview.all ?? false, fields: doc.securityReview.fields ?? [] } } : {}),
    ...(doc.messages ? { messages: doc.messages } : {}),
  };
}

/** The binding's defaults (docs/WORKFLOW.md › Binding): status / draft / running / the outcomes' own words. */
function workflowBinding(raw: Omit<Partial<WorkflowBinding>, 'outcomes'> & { process: string; outcomes?: Partial<WorkflowBinding['outcomes']> }): WorkflowBinding {
  return {
    process: raw.process,
    statusField: raw.statusField ?? 'status',
    draft: raw.draft ?? 'draft',
    running: raw.running ?? 'running',
    outcomes: {
      approved: raw.outcomes?.approved ?? 'approved',
      rejected: raw.outcomes?.rejected ?? 'rejected',
      terminated: raw.outcomes?.terminated ?? 'terminated',
    },
  };
}
