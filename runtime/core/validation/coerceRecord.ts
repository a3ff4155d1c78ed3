import type { EntityDef } from '../schema/types';
import { coerceField } from './coerceField';
import { isEditableField } from './isEditableField';
import { readSubmittedValue } from './readSubmittedValue';
import type { ValidationIssue } from './ValidationIssue';

/**
 * A submitted record → storage values for the fields a client may write. Fields not sent stay
 * absent from `values` (an update changes only what it sends); unknown keys are ignored, so a
 * request cannot smuggle in system columns.
 */
export function coerceRecord(entity: EntityDef, raw: Record<string, unknown>): { values: Record<string, unknown>; issues: ValidationIssue[] } {
  const values: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  for (const field of entity.fields.filter(isEditableField)) {
    const submitted = readSubmittedValue(raw, field.name);
    if (submitted === undefined) continue;
    const result = coerceField(field, submitted);
    if (result.issues.length > 0) issues.push(...result.issues);
    else values[field.name] = result.value;
  }
  return { values, issues };
}
