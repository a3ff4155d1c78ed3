import type { FormDef, FormFieldNode, FormNode } from '../schema/types';

/** The field items of a form's layout tree, in reading order (grids, columns, tabs flattened). */
export function collectFieldItems(form: FormDef): FormFieldNode[] {
  const items: FormFieldNode[] = [];
  const walk = (nodes: FormNode[]): void => {
    for (const node of nodes) {
      if (node.kind === 'field') items.push(node);
      else walk(node.children);
    }
  };
  walk(form.layout);
  return items;
}
