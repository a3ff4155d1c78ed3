import { useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useCallback, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nodeKindSpec, type DesignNode } from '../../core';
import { useDesignState, useDesignStore } from '../state/useDesignState';
import type { DragData, DropData } from './dragData';
import { FieldNodeView } from './FieldNodeView';
import { NodeToolbar } from './NodeToolbar';
import { TabsNodeView } from './TabsNodeView';
import styles from '../designer.module.css';

const DROP_CLASS = { before: styles.dropBefore, after: styles.dropAfter, inside: styles.dropInside } as const;

/** Columns a node takes in its container's 24-column grid, as the runtime lays the form out. */
function spanOf(node: DesignNode): number {
  const span = node.kind === 'field' || node.kind === 'col' ? Number(node.props.span ?? 24) : 24;
  return Number.isFinite(span) && span >= 1 && span <= 24 ? span : 24;
}

/**
 * One node of the canvas: selectable, hoverable, draggable and a drop target. Memoised on its
 * id and depth, it reads its own node object from the store, so a change re-renders only the
 * nodes whose objects changed (structural sharing keeps the others identical).
 */
export const CanvasNode = memo(function CanvasNode({ id, depth }: { id: string; depth: number }) {
  const { t } = useTranslation();
  const store = useDesignStore();
  const node = useDesignState((state) => state.document.tree.nodes[id]);
  const selected = useDesignState((state) => state.selection === id);
  const hovered = useDesignState((state) => state.hover === id);
  const drop = useDesignState((state) => (state.drop?.id === id ? state.drop.position : undefined));
  const dragData: DragData = { source: 'node', kind: node?.kind ?? 'field' };
  const dropData: DropData = { kind: node?.kind ?? 'field', depth };
  const draggable = useDraggable({ id, data: dragData });
  const droppable = useDroppable({ id, data: dropData });
  const setRef = useCallback((element: HTMLElement | null) => { draggable.setNodeRef(element); droppable.setNodeRef(element); }, [draggable.setNodeRef, droppable.setNodeRef]);
  if (!node) return null;

  const onClick = (event: MouseEvent) => { event.stopPropagation(); store.select(id); };
  const onMouseOver = (event: MouseEvent) => { event.stopPropagation(); store.setHover(id); };
  const classes = [styles.node, node.kind !== 'field' && styles.container, hovered && styles.hovered, selected && styles.selected,
    draggable.isDragging && styles.dragging, drop && DROP_CLASS[drop]].filter(Boolean).join(' ');
  const style: CSSProperties = { gridColumn: `span ${spanOf(node)}` };
  const kindLabel = t(nodeKindSpec(node.kind)?.label ?? node.kind);
  // A field is dragged by its whole block; a container by its head, so its children stay clickable.
  const handle = { ...draggable.listeners, ...draggable.attributes, 'aria-roledescription': t('designer.canvas.draggable') };
  const head = (label: ReactNode) => (
    <div className={styles.containerHead} ref={draggable.setActivatorNodeRef} {...handle}>{label}</div>
  );

  return (
    <div ref={setRef} className={classes} style={style} onClick={onClick} onMouseOver={onMouseOver}
      data-node-id={id} data-testid={`design-node-${node.kind}`}>
      {selected && <NodeToolbar node={node} />}
      {node.kind === 'field' && (
        <div ref={draggable.setActivatorNodeRef} {...handle}><FieldNodeView node={node} /></div>
      )}
      {node.kind === 'tabs' && <>{head(kindLabel)}<TabsNodeView node={node} depth={depth} /></>}
      {(node.kind === 'grid' || node.kind === 'col' || node.kind === 'tab') && (
        <>
          {head(node.kind === 'col' ? `${kindLabel} ${spanOf(node)}/24` : kindLabel)}
          <CanvasChildren node={node} depth={depth} />
        </>
      )}
    </div>
  );
});

/** A container's children on the 24-column grid, or a drop hint when it has none. */
function CanvasChildren({ node, depth }: { node: DesignNode; depth: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.grid24}>
      {node.children.map((child) => <CanvasNode key={child} id={child} depth={depth + 1} />)}
      {node.children.length === 0 && <div className={styles.empty}>{t('designer.canvas.dropHere')}</div>}
    </div>
  );
}
