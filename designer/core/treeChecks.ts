import type { DesignDocument, DesignTree } from './types';
import { DesignOperationError } from './errors';
import { canContain } from './nodeKinds';
import { NODE_ID_PATTERN } from './ids';

/**
 * What every document an operation answers must hold besides the normaliser's repairs, checked
 * after the operation so no operation can forget a rule: each child a kind its parent accepts,
 * each field item naming a declared field that is not the server's, each field once in the form
 * (the load's consistency check refuses the rest).
 */
export function assertDesignValid(document: DesignDocument): void {
  assertKinds(document.tree);
  const byName = new Map(document.entity.fields.map((f) => [f.name, f]));
  const placed = new Set<string>();
  const visit = (id: string) => {
    const node = document.tree.nodes[id];
    if (node.kind === 'field') {
      const key = String(node.props.field);
      const field = byName.get(key);
      if (!field) throw new DesignOperationError('designer.error.unknownField', { field: key, node: id });
      if (field.system) throw new DesignOperationError('designer.error.systemField', { field: key, node: id });
      if (placed.has(key)) throw new DesignOperationError('designer.error.fieldPlaced', { field: key, node: id });
      placed.add(key);
    }
    node.children.forEach(visit);
  };
  visit(document.tree.rootId);
}

/** Each reachable child is a kind its parent accepts, and each id is one the file may hold. */
export function assertKinds(tree: DesignTree): void {
  const seen = new Set<string>();
  const visit = (id: string) => {
    const node = tree.nodes[id];
    if (!node) throw new DesignOperationError('designer.error.unknownNode', { node: id });
    if (seen.has(id)) throw new DesignOperationError('designer.error.invalidDocument', { reason: `node ${id} reached twice` });
    seen.add(id);
    if (id !== tree.rootId && !NODE_ID_PATTERN.test(id)) throw new DesignOperationError('designer.error.invalidDocument', { reason: `node id ${id}` });
    for (const child of node.children) {
      const childNode = tree.nodes[child];
      if (!childNode) throw new DesignOperationError('designer.error.unknownNode', { node: child });
      if (!canContain(node.kind, childNode.kind)) throw new DesignOperationError('designer.error.notAccepted', { parent: node.kind, child: childNode.kind });
      visit(child);
    }
  };
  const root = tree.nodes[tree.rootId];
  if (!root || root.kind !== 'root') throw new DesignOperationError('designer.error.invalidDocument', { reason: 'no root node' });
  visit(tree.rootId);
}
