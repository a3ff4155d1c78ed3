import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { createLayoutNode, type DesignNode } from '../../core';
import { useApply } from '../state/useApply';
import { useDesignState, useDesignStore } from '../state/useDesignState';
import { useEntityText } from '../state/useEntityText';
import { CanvasNode } from './CanvasNode';
import styles from '../designer.module.css';

/** A tabs node: its tabs' titles (a click opens and selects one) and the open tab's content. */
export function TabsNodeView({ node, depth }: { node: DesignNode; depth: number }) {
  const { t } = useTranslation();
  const store = useDesignStore();
  const apply = useApply();
  const text = useEntityText();
  // One string, so the strip re-renders only when a title changes, not at every edit of the form.
  const titles = useDesignState((state) => node.children.map((tab) => String(state.document.tree.nodes[tab]?.props.title ?? '')).join('\n')).split('\n');
  // The selected tab, or the one holding the selection, opens by itself.
  const selectedTab = useDesignState((state) => node.children.find((tab) => state.selection === tab));
  const [open, setOpen] = useState<string>();
  const active = selectedTab ?? (open && node.children.includes(open) ? open : node.children[0]);
  // A new tab at the end, titled with a new key of the entity's own, opened and selected.
  const addTab = () => {
    const parts = createLayoutNode('tab', store.getState().document);
    apply({ type: 'insert', parentId: node.id, index: node.children.length, ...parts }, { selection: parts.rootId });
    setOpen(parts.rootId);
  };
  return (
    <div style={{ gridColumn: 'span 24' }}>
      <div className={styles.tabStrip} role="tablist">
        {node.children.map((tab, index) => (
          <div key={tab} role="tab" aria-selected={tab === active} tabIndex={0}
            className={tab === active ? `${styles.tabTitle} ${styles.tabTitleActive}` : styles.tabTitle}
            onClick={(event) => { event.stopPropagation(); setOpen(tab); store.select(tab); }}
            onKeyDown={(event) => { if (event.key === 'Enter') { setOpen(tab); store.select(tab); } }}>
            {text(titles[index])}
          </div>
        ))}
        <button type="button" className={styles.tabAdd} aria-label={t('designer.canvas.addTab')} title={t('designer.canvas.addTab')}
          data-testid="design-tab-add" onClick={(event) => { event.stopPropagation(); addTab(); }}>
          <PlusOutlined />
        </button>
      </div>
      {active && <CanvasNode key={active} id={active} depth={depth + 1} />}
    </div>
  );
}
