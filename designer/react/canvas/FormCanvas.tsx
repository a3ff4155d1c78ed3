import { useDroppable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { useDesignState, useDesignStore } from '../state/useDesignState';
import { CanvasNode } from './CanvasNode';
import type { DropData } from './dragData';
import styles from '../designer.module.css';

/** The form as the save screen lays it out, node by node; the page itself is the root's drop target. */
export function FormCanvas() {
  const { t } = useTranslation();
  const store = useDesignStore();
  const root = useDesignState((state) => state.document.tree.nodes[state.document.tree.rootId]);
  const dropInside = useDesignState((state) => state.drop?.id === root?.id);
  const data: DropData = { kind: 'root', depth: 0 };
  const { setNodeRef } = useDroppable({ id: root?.id ?? 'root', data });
  return (
    <div className={styles.canvasScroll} onClick={() => store.select(undefined)} onMouseLeave={() => store.setHover(undefined)}>
      <div ref={setNodeRef} className={dropInside ? `${styles.canvas} ${styles.dropInside}` : styles.canvas} data-testid="design-canvas">
        <div className={styles.grid24}>
          {root?.children.map((id) => <CanvasNode key={id} id={id} depth={1} />)}
          {root && root.children.length === 0 && <div className={styles.empty} style={{ padding: 48 }}>{t('designer.canvas.emptyForm')}</div>}
        </div>
      </div>
    </div>
  );
}
