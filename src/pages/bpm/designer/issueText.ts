import type { TFunction } from 'i18next';
import type { DefinitionIssue, ProcessDefinition } from '../../../../runtime/core/bpm';

/**
 * An issue in the reader's language, naming nodes by their names (the ids are the designer's own
 * business); `read` reads a name that is a language-pack key (useDataLabel).
 */
export function issueText(t: TFunction, read: (text: string) => string, def: ProcessDefinition, issue: DefinitionIssue): string {
  const nameOf = (id: string | undefined) => {
    const node = id === undefined ? undefined : def.nodes.find((n) => n.id === id);
    return node ? read(node.name) : id;
  };
  const params = { ...issue.params, node: nameOf(issue.params.node) ?? '', to: nameOf(issue.params.to) ?? '', branch: nameOf(issue.params.branch) ?? '' };
  return t(`bpm.validation.${issue.code}`, params);
}
