import type { TFunction } from 'i18next';
import type { DefinitionIssue, ProcessDefinition } from '../../../../runtime/core/bpm';

/** An issue in the reader's language, naming nodes by their names (the ids are the designer's own business). */
export function issueText(t: TFunction, def: ProcessDefinition, issue: DefinitionIssue): string {
  const nameOf = (id: string | undefined) => (id === undefined ? undefined : def.nodes.find((n) => n.id === id)?.name ?? id);
  const params = { ...issue.params, node: nameOf(issue.params.node) ?? '', to: nameOf(issue.params.to) ?? '', branch: nameOf(issue.params.branch) ?? '' };
  return t(`bpm.validation.${issue.code}`, params);
}
