import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors,
  type ClientRect, type DragEndEvent, type DragMoveEvent, type DragStartEvent,
} from '@dnd-kit/core';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createFieldNode, createLayoutNode, type DesignOperation } from '../../core';
import { useApply } from '../state/useApply';
import { useDesignStore } from '../state/useDesignState';
import { draggedKind, type DragData } from './dragData';
import { DragOverlayLabel } from './DragOverlayLabel';
import { deepestUnderPointer, resolveDropTarget, type Point, type ResolvedDrop } from './dropTarget';

/** The pointer now: where the drag started plus how far it moved; the dragged rect's centre for the keyboard. */
function pointerOf(event: DragMoveEvent): Point | undefined {
  const start = event.activatorEvent;
  if (start instanceof MouseEvent || (typeof PointerEvent !== 'undefined' && start instanceof PointerEvent)) {
    return { x: start.clientX + event.delta.x, y: start.clientY + event.delta.y };
  }
  const rect = event.active.rect.current.translated;
  return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : undefined;
}

/**
 * Drag and drop over the canvas and from the palette (@dnd-kit/core): the pointer, or the keyboard
 * (Space to lift, arrows to move, Space to drop, Esc to cancel). The landing place is worked out on
 * every move and drawn on its node; dropping applies one move or insert operation.
 */
export function DesignDndContext({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const store = useDesignStore();
  const apply = useApply();
  const [dragging, setDragging] = useState<{ data: DragData; id: string }>();
  const resolved = useRef<ResolvedDrop>();
  const sensors = useSensors(
    // A click selects; only a move of a few pixels starts a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const collision = useMemo(() => deepestUnderPointer(() => store.getState().document), [store]);

  const onMove = (event: DragMoveEvent) => {
    const data = event.active.data.current as DragData | undefined;
    const point = pointerOf(event);
    if (!data || !point) return;
    const candidates = (event.collisions ?? []).flatMap((collision) => {
      const rect = (collision.data as { droppableContainer?: { rect: { current: ClientRect | null } } } | undefined)?.droppableContainer?.rect.current;
      return rect ? [{ id: String(collision.id), rect }] : [];
    });
    const dragged = { kind: draggedKind(data), id: data.source === 'node' ? String(event.active.id) : undefined };
    resolved.current = resolveDropTarget(store.getState().document, candidates, point, dragged);
    store.setDrop(resolved.current && { id: resolved.current.id, position: resolved.current.position });
  };

  const finish = () => {
    resolved.current = undefined;
    store.setDrop(undefined);
    setDragging(undefined);
  };

  const onEnd = (event: DragEndEvent) => {
    const data = event.active.data.current as DragData | undefined;
    const target = resolved.current;
    finish();
    if (!data || !target) return;
    const document = store.getState().document;
    let operation: DesignOperation;
    let selection: string;
    if (data.source === 'node') {
      // The slot among the parent's children as they are before the move (the core's convention).
      const id = String(event.active.id);
      operation = { type: 'move', id, parentId: target.parentId, index: target.index };
      selection = id;
    } else {
      const parts = data.source === 'field' ? createFieldNode(document, data.type, data.widget) : createLayoutNode(data.kind, document);
      operation = { type: 'insert', parentId: target.parentId, index: target.index, ...parts };
      selection = parts.rootId;
    }
    apply(operation, { selection });
  };

  const onStart = (event: DragStartEvent) => {
    const data = event.active.data.current as DragData | undefined;
    setDragging(data && { data, id: String(event.active.id) });
    store.select(undefined);
  };

  return (
    <DndContext sensors={sensors} collisionDetection={collision} onDragStart={onStart} onDragMove={onMove} onDragEnd={onEnd} onDragCancel={finish}
      accessibility={{ screenReaderInstructions: { draggable: t('designer.canvas.keyboardHint') } }}>
      {children}
      <DragOverlay dropAnimation={null}>
        {dragging && <DragOverlayLabel data={dragging.data} id={dragging.id} />}
      </DragOverlay>
    </DndContext>
  );
}
