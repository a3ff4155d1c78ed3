import type { TreeOption } from './TreeOption';

/** The tree with its labels as the user reads them (menu titles are i18n keys, names are data). */
export function labelledTree(nodes: readonly TreeOption[], label: (text: string) => string): TreeOption[] {
  return nodes.map((node) => ({
    ...node,
    label: label(String(node.label)),
    ...(node.children ? { children: labelledTree(node.children, label) } : {}),
  }));
}

/**
 * Every node's key; the keys of the nodes that have children (what 展开全部 opens); and of those
 * whose children have children in turn (what opens first: a menu's directories show their pages,
 * the pages keep their buttons folded).
 */
export function treeKeys(nodes: readonly TreeOption[]): { all: string[]; branches: string[]; upper: string[] } {
  const all: string[] = [];
  const branches: string[] = [];
  const upper: string[] = [];
  const hasChildren = (node: TreeOption) => Boolean(node.children && node.children.length > 0);
  const visit = (node: TreeOption) => {
    all.push(String(node.value));
    if (!hasChildren(node)) return;
    branches.push(String(node.value));
    if (node.children!.some(hasChildren)) upper.push(String(node.value));
    node.children!.forEach(visit);
  };
  nodes.forEach(visit);
  return { all, branches, upper };
}

/**
 * The nodes whose label contains the search text (case-insensitive) and the ancestors to open
 * so that each of them shows. The tree itself is never pruned: checking a branch must still
 * reach every node under it, shown or not.
 */
export function searchTree(nodes: readonly TreeOption[], text: string): { matches: Set<string>; open: string[] } {
  const needle = text.trim().toLowerCase();
  const matches = new Set<string>();
  const open = new Set<string>();
  if (!needle) return { matches, open: [] };
  const visit = (node: TreeOption, ancestors: string[]) => {
    const key = String(node.value);
    if (String(node.label).toLowerCase().includes(needle)) {
      matches.add(key);
      ancestors.forEach((ancestor) => open.add(ancestor));
    }
    node.children?.forEach((child) => visit(child, [...ancestors, key]));
  };
  nodes.forEach((node) => visit(node, []));
  return { matches, open: [...open] };
}
