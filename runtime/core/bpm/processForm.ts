import { normaliseEntity } from '../schema/normaliseEntity';
import type { EntityDef, FieldDef, FormFieldNode } from '../schema/types';
import { coerceRecord, validateRecord, type ValidationIssue } from '../validation';
import type { FieldPermission, ProcessDefinition, ProcessFormField, ProcessNode } from './types';

/** The entity name the converted form carries (the form widgets and messages only read it as a name). */
export const PROCESS_FORM_ENTITY = 'BpmProcessForm';

function fieldDef(field: ProcessFormField): FieldDef {
  const { key, span: _span, placeholder: _placeholder, tips: _tips, ...rest } = field;
  return { ...rest, name: key };
}

function formItem(field: ProcessFormField, perm: FieldPermission | undefined): FormFieldNode {
  return {
    kind: 'field', field: field.key,
    ...(field.span ? { span: field.span } : {}),
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    ...(field.tips ? { tips: field.tips } : {}),
    ...(perm === 'read' ? { disabled: true } : {}),
  };
}

/**
 * A process's typed fields as an entity-like schema, so the same form widgets (runtime/react/form)
 * render the start and task forms and the same validation (runtime/core/validation) checks them.
 * `perms` are a task node's field permissions: hidden fields are left out, read fields are shown
 * disabled; without `perms` (the start form) every field is editable.
 */
export function processFormEntity(def: Pick<ProcessDefinition, 'key' | 'fields'>, perms?: Record<string, FieldPermission>): EntityDef {
  const fields = (def.fields ?? []).filter((f) => perms?.[f.key] !== 'hidden');
  const permOf = (key: string): FieldPermission | undefined => (perms ? perms[key] ?? 'read' : undefined);
  return normaliseEntity({
    name: PROCESS_FORM_ENTITY, key: '__instanceId', title: def.key, dataScope: false,
    fields: fields.map(fieldDef),
    form: { layout: fields.map((f) => formItem(f, permOf(f.key))) },
  }, 'bpm');
}

/**
 * What a node's task lets its assignee do with each form value: the node's formPerms (default
 * read), except at the start node, where the initiator resubmitting a returned request may
 * change every field as when starting it.
 */
export function nodeFieldPerms(def: Pick<ProcessDefinition, 'fields' | 'formFields'>, node: ProcessNode): Record<string, FieldPermission> {
  if (node.kind !== 'start') return { ...node.formPerms };
  const keys = [...(def.fields ?? []).map((f) => f.key), ...def.formFields];
  return Object.fromEntries(keys.map((key) => [key, 'edit' as const]));
}

/** The fields a task node lets its assignees change (`edit`). */
export function editableFormKeys(def: Pick<ProcessDefinition, 'fields'>, perms: Record<string, FieldPermission> | undefined): string[] {
  return (def.fields ?? []).filter((f) => perms?.[f.key] === 'edit').map((f) => f.key);
}

/**
 * Submitted form values → stored values, by the process's typed fields.
 * - start (no `editable`): every field is coerced and the whole form validated (required, ranges,
 *   options); keys that are no field are dropped (a process without `fields` keeps its values as sent).
 * - a task (`editable` = the node's edit fields): only those are coerced and checked, merged over
 *   the stored values; a required edit field may not be emptied.
 */
export function checkProcessFormData(
  def: Pick<ProcessDefinition, 'key' | 'fields'>, submitted: Record<string, unknown>, editable?: string[],
): { values: Record<string, unknown>; issues: ValidationIssue[]; entity: EntityDef } {
  const entity = processFormEntity(def);
  if (!def.fields || def.fields.length === 0) return { values: submitted, issues: [], entity };
  const allowed = editable ? new Set(editable) : undefined;
  const picked = allowed ? Object.fromEntries(Object.entries(submitted).filter(([k]) => allowed.has(k))) : submitted;
  const { values, issues } = coerceRecord(entity, picked);
  if (issues.length > 0) return { values, issues, entity };
  if (!allowed) return { values, issues: validateRecord(entity, values, { mode: 'insert' }), entity };
  // Only what was sent is checked ("update"): the other fields keep their stored, checked values.
  return { values, issues: validateRecord(entity, values, { mode: 'update' }), entity };
}
