import type { EntityDef } from '../schema/types';
import type { ProcessDefinition } from './types';
import type { DefinitionIssue } from './validateDefinition';

/**
 * A definition bound to an entity (`entity`, docs/WORKFLOW.md › Binding) against that entity:
 * it must exist and be bound, and the form fields and node permissions must name its fields
 * (the task screen renders the entity's form, so any other name would never show). `entity`
 * is what the registry holds under `def.entity`, undefined when nothing does.
 */
export function bindingIssues(def: Pick<ProcessDefinition, 'entity' | 'formFields' | 'nodes'>, entity: EntityDef | undefined): DefinitionIssue[] {
  if (!def.entity) return [];
  if (!entity?.workflow) return [{ pointer: '/entity', code: 'unknownEntity', params: { name: def.entity } }];
  const names = new Set(entity.fields.map((f) => f.name));
  const issues: DefinitionIssue[] = [];
  def.formFields.forEach((field, i) => {
    if (!names.has(field)) issues.push({ pointer: `/formFields/${i}`, code: 'unknownField', params: { node: '-', name: field } });
  });
  def.nodes.forEach((node, n) => {
    for (const field of Object.keys(node.formPerms ?? {})) {
      if (!names.has(field)) issues.push({ pointer: `/nodes/${n}/formPerms`, code: 'unknownField', params: { node: node.id, name: field } });
    }
  });
  return issues;
}
