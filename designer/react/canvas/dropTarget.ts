import type { ClientRect, CollisionDetection } from '@dnd-kit/core';
import { dropPlacement, isSelfOrAncestor, parentOf, resolveDrop, type DesignDocument, type DropPosition, type NodeKind } from '../../core';
import type { DropData } from './dragData';

export interface Point { x: number; y: number }

/** Where a drop lands: the target drawn on the canvas and the parent/slot of the operation. */
export interface ResolvedDrop {
  id: string;
  position: DropPosition;
  parentId: string;
  index: number;
}

const inside = (point: Point, rect: ClientRect) => point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;

/**
 * Every droppable under the pointer (the dragged rect's centre for the keyboard), deepest first,
 * never the dragged node or its descendants: the nested-container misfires of a closest-centre
 * strategy (research notes, section A: dnd-kit#1939) do not happen.
 */
export const deepestUnderPointer = (document: () => DesignDocument): CollisionDetection => ({ active, collisionRect, droppableContainers, droppableRects, pointerCoordinates }) => {
  const point = pointerCoordinates ?? { x: collisionRect.left + collisionRect.width / 2, y: collisionRect.top + collisionRect.height / 2 };
  const activeId = String(active.id);
  const { tree } = document();
  return droppableContainers
    .filter((container) => {
      const rect = droppableRects.get(container.id);
      return rect && inside(point, rect) && !isSelfOrAncestor(tree, activeId, String(container.id));
    })
    .map((container) => ({ id: container.id, data: { droppableContainer: container, value: (container.data.current as DropData).depth } }))
    .sort((a, b) => b.data.value - a.data.value);
};

/**
 * The first candidate, deepest first, that takes the dragged item (core dropPlacement and
 * resolveDrop): a target that refuses hands over to its container, so a field dropped on a grid's
 * edge goes beside the grid, and one dropped in a col's middle into the col.
 */
export function resolveDropTarget(
  document: DesignDocument,
  candidates: { id: string; rect: ClientRect }[],
  pointer: Point,
  dragged: { kind: NodeKind; id?: string },
): ResolvedDrop | undefined {
  const { tree } = document;
  for (const { id, rect } of candidates) {
    const node = tree.nodes[id];
    if (!node) continue;
    const parent = parentOf(tree, id);
    const position = dropPlacement({
      pointer, targetRect: rect, targetKind: node.kind, draggedKind: dragged.kind, parentKind: parent?.kind ?? null,
      // Cols sit side by side in their grid; so do fields narrower than their row.
      horizontal: node.kind === 'col' || (node.kind === 'field' && Number(node.props.span ?? 24) < 24),
    });
    const slot = position && resolveDrop(document, id, position, dragged);
    if (position && slot) return { id, position, ...slot };
  }
  return undefined;
}
