import type { DesignNode, DesignTree } from './types';

/**
 * Read helpers over the flat tree. The parent map is derived, not stored, so it can never
 * disagree with `children`; it is cached per tree object (trees are immutable).
 */
const parentCache = new WeakMap<DesignTree, Map<string, string>>();

export function parentMap(tree: DesignTree): Map<string, string> {
  let parents = parentCache.get(tree);
  if (!parents) {
    parents = new Map();
    for (const node of Object.values(tree.nodes)) for (const child of node.children) parents.set(child, node.id);
    parentCache.set(tree, parents);
  }
  return parents;
}

export function parentOf(tree: DesignTree, id: string): DesignNode | undefined {
  const parent = parentMap(tree).get(id);
  return parent === undefined ? undefined : tree.nodes[parent];
}

/** Is `ancestor` the node `id` itself or one of its ancestors? */
export function isSelfOrAncestor(tree: DesignTree, ancestor: string, id: string): boolean {
  const parents = parentMap(tree);
  for (let at: string | undefined = id; at !== undefined; at = parents.get(at)) if (at === ancestor) return true;
  return false;
}

/** The subtree's ids, the node first, depth first in document order. */
export function subtreeIds(tree: DesignTree, id: string): string[] {
  const out: string[] = [];
  const visit = (at: string) => {
    const node = tree.nodes[at];
    if (!node) return;
    out.push(at);
    node.children.forEach(visit);
  };
  visit(id);
  return out;
}

/** Field keys the form's field nodes show, in document order (reachable nodes only). */
export function placedFields(tree: DesignTree): string[] {
  return subtreeIds(tree, tree.rootId)
    .map((id) => tree.nodes[id])
    .filter((node) => node.kind === 'field')
    .map((node) => String(node.props.field));
}

/** A copy of the tree's node table with some nodes replaced or added (and others dropped). */
export function withNodes(tree: DesignTree, changed: DesignNode[], removed: Iterable<string> = []): DesignTree {
  const nodes: Record<string, DesignNode> = { ...tree.nodes };
  for (const id of removed) delete nodes[id];
  for (const node of changed) nodes[node.id] = node;
  return { rootId: tree.rootId, nodes };
}
