import type { FieldType } from '../../../runtime/core/schema';
import type { NodeKind } from '../../core';

/** What a draggable carries: a node of the form, or a palette item that becomes one on drop. */
export type DragData =
  | { source: 'node'; kind: NodeKind }
  | { source: 'field'; type: FieldType; widget?: string; label: string }
  | { source: 'layout'; kind: 'grid' | 'tabs'; label: string };

/** What a droppable carries: its node's kind and depth (the deepest accepting target wins). */
export interface DropData {
  kind: NodeKind;
  depth: number;
}

/** The kind a dragged item would have once placed. */
export function draggedKind(data: DragData): NodeKind {
  return data.source === 'field' ? 'field' : data.kind;
}
