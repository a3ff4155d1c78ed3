import type { KnowledgeSortNode } from './knowledgeTypes';

export interface SortTreeNode { key: string; title: string; count: number; children: SortTreeNode[] }

/**
 * The flat category rows as a tree in their stored order; each node's count includes the
 * documents of the categories below it (what the list shows when it is chosen).
 */
export function buildSortTree(rows: readonly KnowledgeSortNode[]): SortTreeNode[] {
  const nodes = new Map(rows.map((r) => [r.sortId, { key: r.sortId, title: r.sortName, count: r.count, children: [] as SortTreeNode[] }]));
  const roots: SortTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.sortId)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const total = (node: SortTreeNode): number => {
    node.count += node.children.reduce((sum, child) => sum + total(child), 0);
    return node.count;
  };
  roots.forEach(total);
  return roots;
}
