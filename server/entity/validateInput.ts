import type { TFunction } from 'i18next';
import { resolveFieldDefault, type DefaultSubject, type EntityDef } from '../../runtime/core/schema';
import { coerceRecord, collectFieldItems, hiddenFieldNames, issueFieldLabel, validateRecord, type ValidationIssue } from '../../runtime/core/validation';
import { ApiError } from '../http/ApiError';
import { sanitiseHtmlFields } from './sanitiseHtml';

export interface FieldError { field: string; message: string }

/** "合同结束日期：结束日期不能早于开始日期" — the field's label first, so the user knows where. */
export function describeIssues(entity: EntityDef, issues: ValidationIssue[], t: TFunction): FieldError[] {
  return issues.map((issue) => {
    const label = issueFieldLabel(entity, issue.field, (key, params) => String(t(key, params ?? {})));
    return { field: issue.field, message: `${label}：${t(issue.message, issue.params ?? {})}` };
  });
}

export function refuseIssues(entity: EntityDef, issues: ValidationIssue[], t: TFunction): never {
  const errors = describeIssues(entity, issues, t);
  throw ApiError.business('error.validation', { detail: errors.map((e) => e.message).join('；') }, { errors });
}

/** Per entity definition, once: an import asks for every one of its rows. */
const writableByEntity = new WeakMap<EntityDef, Set<string>>();

function writableFields(entity: EntityDef): Set<string> {
  const known = writableByEntity.get(entity);
  if (known) return known;
  const writable = new Set(collectFieldItems(entity.form).filter((i) => !i.disabled).map((i) => i.field));
  writableByEntity.set(entity, writable);
  return writable;
}

/** Only what the form shows can be written: the form layout is the list of writable fields. */
export function pickWritable(entity: EntityDef, params: Record<string, unknown>): Record<string, unknown> {
  const writable = writableFields(entity);
  return Object.fromEntries(Object.entries(params).filter(([k]) => writable.has(k.replace(/\[\]$/, ''))));
}

/**
 * Input → values to store, by the same rules the form applies: types coerced, hidden items'
 * values dropped (a hidden field is never trusted), required / required-when / rules checked.
 * `existing` is the stored row on update: the result must be valid as a whole.
 */
export function validatedValues(
  entity: EntityDef, params: Record<string, unknown>, t: TFunction, existing?: Record<string, unknown>, subject?: DefaultSubject,
): Record<string, unknown> {
  const submitted = pickWritable(entity, params);
  if (!existing) {
    // A new record starts from the schema's defaults for whatever the request leaves out
    // (`$currentUser` / `$currentDept` are the inserting user's, when the caller names one).
    for (const field of entity.fields) {
      const value = resolveFieldDefault(field, subject);
      if (value !== undefined && !field.system && submitted[field.name] === undefined && submitted[`${field.name}[]`] === undefined) {
        submitted[field.name] = value;
      }
    }
  }
  const { values, issues } = coerceRecord(entity, submitted);
  if (issues.length) refuseIssues(entity, issues, t);
  sanitiseHtmlFields(entity, values);
  // The flow's state moves only through transitions.
  if (entity.flow) delete values[entity.flow.field];
  // A bound entity's status is written by the workflow engine only (docs/WORKFLOW.md › Binding);
  // a new record is a draft.
  if (entity.workflow) {
    delete values[entity.workflow.statusField];
    if (!existing) values[entity.workflow.statusField] = entity.workflow.draft;
  }
  const merged = { ...(existing ?? {}), ...values };
  for (const hidden of hiddenFieldNames(entity, merged)) {
    if (hidden in values || existing) values[hidden] = null;
    merged[hidden] = null;
  }
  const problems = validateRecord(entity, merged, { mode: 'insert' });
  if (problems.length) refuseIssues(entity, problems, t);
  return values;
}
