import type { TFunction } from 'i18next';
import { checkProcessFormData, editableFormKeys, nodeFieldPerms, processGraph, type ProcessDefinition } from '../../../runtime/core/bpm';
import type { ValidationIssue } from '../../../runtime/core/validation';
import { isEmptyValue } from '../../../runtime/core/validation/isEmptyValue';
import { refuseIssues } from '../../entity/validateInput';

/**
 * The start form's values, checked by the process's typed fields (docs/WORKFLOW.md, "Process
 * forms"): coerced to their stored form, required and ranges checked; a refusal is code 100
 * naming each field by its label ("请假天数：不能为空"). Keys that are no field are dropped.
 */
export function startFormValues(def: ProcessDefinition, submitted: Record<string, unknown>, t: TFunction): Record<string, unknown> {
  const { values, issues, entity } = checkProcessFormData(def, submitted);
  if (issues.length > 0) refuseIssues(entity, issues, t);
  return values;
}

/**
 * A task's edits (already limited to the node's `edit` fields): coerced and checked. Agreeing
 * also needs every required edit field filled, in the edits or in the stored form.
 */
export function taskFormValues(
  def: ProcessDefinition, nodeId: string, edits: Record<string, unknown> | undefined, stored: Record<string, unknown>,
  decision: string, t: TFunction,
): Record<string, unknown> | undefined {
  const editable = editableFormKeys(def, nodeFieldPerms(def, processGraph(def).node(nodeId)));
  const { values, issues, entity } = checkProcessFormData(def, edits ?? {}, editable);
  if (decision === 'agree') {
    const merged = { ...stored, ...values };
    for (const field of def.fields ?? []) {
      if (editable.includes(field.key) && field.required && isEmptyValue(merged[field.key]) && !issues.some((i) => i.field === field.key)) {
        issues.push({ field: field.key, reason: 'required', message: 'validation.required' } satisfies ValidationIssue);
      }
    }
  }
  if (issues.length > 0) refuseIssues(entity, issues, t);
  return edits === undefined ? undefined : values;
}
