import type { ProcessDefinition, ProcessFormField } from '../../../../runtime/core/bpm';

/**
 * The form values a process's nodes and conditions may name: the declared `formFields`, the keys
 * of its own typed `fields` and, for a process bound to an entity, that entity's fields.
 */
export function formFieldNames(def: ProcessDefinition, entityFields: readonly string[] = []): string[] {
  return [...new Set([...def.formFields, ...(def.fields ?? []).map((f) => f.key), ...entityFields])];
}

/**
 * New typed fields, with `formFields` kept in step (the names conditions may read): keys added are
 * declared, keys removed or renamed are dropped; names declared by hand stay.
 */
export function withFields(def: ProcessDefinition, fields: ProcessFormField[]): ProcessDefinition {
  const oldKeys = new Set((def.fields ?? []).map((f) => f.key));
  const keys = fields.map((f) => f.key).filter((key) => key !== '');
  const kept = def.formFields.filter((name) => !oldKeys.has(name));
  return { ...def, fields, formFields: [...new Set([...kept, ...keys])] };
}
