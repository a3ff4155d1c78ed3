import type { DesignDocument, DropPosition, NodeKind } from './types';
import { canContain } from './nodeKinds';
import { isSelfOrAncestor, parentOf } from './tree';

/**
 * Where a drop lands, from the pointer and the target's rectangle only — pure, so it is tested on
 * made-up rectangles and the canvas and the outline share it. The rules come from the node-kind
 * registry: a container that accepts the dragged kind takes it inside when the pointer is in its
 * middle band; near its edges (or on a node that holds nothing) the drop goes before or after it,
 * by the half the pointer is in — left/right for cols in a grid, top/bottom otherwise — if its
 * parent accepts the dragged kind.
 */
export interface DropPlacementInput {
  pointer: { x: number; y: number };
  targetRect: { left: number; top: number; width: number; height: number };
  targetKind: NodeKind;
  draggedKind: NodeKind;
  /** The target's parent's kind; absent for the root. */
  parentKind?: NodeKind | null;
  /** The target's siblings run left to right (cols in a grid). */
  horizontal: boolean;
}

/** The share of a container's extent, at each edge, that means before/after rather than inside. */
export const EDGE_BAND = 0.25;

export function dropPlacement(input: DropPlacementInput): DropPosition | null {
  const { pointer, targetRect, targetKind, draggedKind, parentKind, horizontal } = input;
  const inside = canContain(targetKind, draggedKind);
  const beside = targetKind !== 'root' && parentKind !== undefined && parentKind !== null && canContain(parentKind, draggedKind);
  if (!inside && !beside) return null;
  const start = horizontal ? targetRect.left : targetRect.top;
  const extent = horizontal ? targetRect.width : targetRect.height;
  const at = horizontal ? pointer.x : pointer.y;
  // 0 at the leading edge, 1 at the trailing one; a pointer outside the rectangle counts as on its edge.
  const share = extent > 0 ? Math.min(1, Math.max(0, (at - start) / extent)) : 0.5;
  if (inside && (!beside || (share >= EDGE_BAND && share <= 1 - EDGE_BAND))) return 'inside';
  return share < 0.5 ? 'before' : 'after';
}

/**
 * The parent and slot a drop on `targetId` means, in the `move`/`insert` convention (the slot among
 * the parent's children as they are now). Given the dragged kind (and node), answers null where
 * the drop would be refused: a parent that does not accept it, or the dragged node's own subtree.
 */
export function resolveDrop(
  document: DesignDocument,
  targetId: string,
  position: DropPosition,
  dragged?: { kind: NodeKind; id?: string },
): { parentId: string; index: number } | null {
  const tree = document.tree;
  const target = tree.nodes[targetId];
  if (!target) return null;
  let answer: { parentId: string; index: number };
  if (position === 'inside') {
    if (target.kind === 'field') return null;
    answer = { parentId: targetId, index: target.children.length };
  } else {
    const parent = parentOf(tree, targetId);
    if (!parent) return null;
    const index = parent.children.indexOf(targetId);
    answer = { parentId: parent.id, index: position === 'before' ? index : index + 1 };
  }
  if (dragged) {
    if (!canContain(tree.nodes[answer.parentId].kind, dragged.kind)) return null;
    if (dragged.id !== undefined && isSelfOrAncestor(tree, dragged.id, answer.parentId)) return null;
  }
  return answer;
}
