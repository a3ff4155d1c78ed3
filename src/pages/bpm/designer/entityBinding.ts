import type { ProcessDefinition, ProcessNode } from '../../../../runtime/core/bpm';
import type { EntityDef } from '../../../../runtime/core/schema/types';
import { formFieldNames } from './formFieldNames';

/** One entity a process may be bound to (GET /get/bpm/getBindableEntities). */
export interface BindableEntity {
  name: string;
  /** i18n key of the entity's title (or the designed title itself). */
  title: string;
  module: string;
  /** The process key the entity's records are submitted to (`workflow.process`). */
  process: string;
}

/** A form value a node's permissions are set for, with the label the author reads. */
export interface PermissionField {
  name: string;
  label: string;
  /** Named by the node but not a field of the bound entity: publishing refuses it until it is set back to read. */
  unknown?: true;
}

/**
 * The fields of a bound entity a node may grant: every declared field but the system ones
 * (creator, times, row version) and the workflow status, which only the engine writes.
 */
export function grantableEntityFields(entity: EntityDef): EntityDef['fields'] {
  const status = entity.workflow?.statusField;
  return entity.fields.filter((field) => !field.system && field.name !== status);
}

/**
 * The rows of a node's form-permission editor. Bound to an entity whose schema is loaded: all of
 * its grantable fields by their translated labels, then any other name the node still grants
 * (marked unknown). Bound but the schema not (yet) at hand: the names the definition knows.
 * Unbound: the process's form values, labelled by their typed field where they have one.
 * `label` translates a label that may be an i18n key or the text itself.
 */
export function permissionFields(def: ProcessDefinition, node: ProcessNode, entity: EntityDef | undefined, label: (text: string) => string): PermissionField[] {
  const granted = Object.keys(node.formPerms ?? {});
  if (def.entity && entity) {
    const fields: PermissionField[] = grantableEntityFields(entity).map((field) => ({ name: field.name, label: label(field.label ?? field.name) }));
    const known = new Set(fields.map((f) => f.name));
    return [...fields, ...granted.filter((name) => !known.has(name)).map((name) => ({ name, label: name, unknown: true as const }))];
  }
  const typed = new Map((def.fields ?? []).map((field) => [field.key, field.label]));
  return [...new Set([...formFieldNames(def), ...granted])].map((name) => {
    const text = typed.get(name);
    return { name, label: text ? label(text) : name };
  });
}

/**
 * Binds the process to `entity` (or unbinds it: undefined). A bound process has no typed
 * `fields` — its form is the entity's — so they go, and their keys leave `formFields`; names
 * declared by hand stay (the live check flags those the entity lacks). Unbinding keeps the rest.
 */
export function bindEntity(def: ProcessDefinition, entity: string | undefined): ProcessDefinition {
  const { entity: _old, fields, ...rest } = def;
  if (!entity) return { ...rest, ...(fields ? { fields } : {}) };
  const typedKeys = new Set((fields ?? []).map((f) => f.key));
  return { ...rest, entity, formFields: def.formFields.filter((name) => !typedKeys.has(name)) };
}

/**
 * The engine reads only the form values `formFields` declares, and refuses a permission on any
 * other (validateDefinition: unknownField). A bound process's node may grant any field of its
 * entity, so each granted entity field is declared as it is granted. Names the entity lacks are
 * left to the live check.
 */
export function declareGrantedFields(def: ProcessDefinition, entity: EntityDef | undefined): ProcessDefinition {
  if (!def.entity || !entity) return def;
  const fields = new Set(entity.fields.map((f) => f.name));
  const declared = new Set(def.formFields);
  const missing = [...new Set(def.nodes.flatMap((n) => Object.keys(n.formPerms ?? {})))].filter((name) => fields.has(name) && !declared.has(name));
  return missing.length > 0 ? { ...def, formFields: [...def.formFields, ...missing] } : def;
}
