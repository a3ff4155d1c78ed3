import { useDraggable } from '@dnd-kit/core';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { canContain, createFieldNode, createLayoutNode, FIELD_PALETTE, parentOf, type DesignOperation } from '../../core';
import { draggedKind, type DragData } from '../canvas/dragData';
import { useApply } from '../state/useApply';
import { useDesignStore } from '../state/useDesignState';
import styles from '../designer.module.css';

type PaletteData = Exclude<DragData, { source: 'node' }>;

const LAYOUT_ITEMS: PaletteData[] = [
  { source: 'layout', kind: 'grid', label: 'designer.node.grid' },
  { source: 'layout', kind: 'tabs', label: 'designer.node.tabs' },
];

const FIELD_ITEMS: PaletteData[] = FIELD_PALETTE.map((entry) => ({ source: 'field', type: entry.type, widget: entry.widget, label: entry.label }));

function PaletteItem({ id, data, onAdd }: { id: string; data: PaletteData; onAdd(data: PaletteData): void }) {
  const { t } = useTranslation();
  const { setNodeRef, listeners, attributes } = useDraggable({ id, data });
  return (
    <button type="button" ref={setNodeRef} className={styles.paletteItem} {...listeners} {...attributes}
      title={t(data.label)} data-testid={`design-palette-${id}`} onClick={() => onAdd(data)}>
      {t(data.label)}
    </button>
  );
}

/**
 * Field types and layout nodes: drag one onto the canvas, or click (Enter) to add it into the
 * selected container, after the selected node, or at the end of the form.
 */
export function Palette() {
  const { t } = useTranslation();
  const store = useDesignStore();
  const apply = useApply();

  const add = (data: PaletteData) => {
    const { document, selection } = store.getState();
    const { tree } = document;
    const kind = draggedKind(data);
    const selected = selection ? tree.nodes[selection] : undefined;
    const parent = selected ? parentOf(tree, selected.id) : undefined;
    let parentId = tree.rootId;
    let index = tree.nodes[tree.rootId].children.length;
    if (selected && canContain(selected.kind, kind)) {
      parentId = selected.id;
      index = selected.children.length;
    } else if (selected && parent && canContain(parent.kind, kind)) {
      parentId = parent.id;
      index = parent.children.indexOf(selected.id) + 1;
    }
    const parts = data.source === 'field' ? createFieldNode(document, data.type, data.widget) : createLayoutNode(data.source === 'layout' ? data.kind : 'grid', document);
    const operation: DesignOperation = { type: 'insert', parentId, index, ...parts };
    apply(operation, { selection: parts.rootId });
  };

  return (
    <div className={styles.palette} data-testid="design-palette">
      <Typography.Text className={styles.paletteGroup}>{t('designer.palette.layout')}</Typography.Text>
      {LAYOUT_ITEMS.map((data, index) => <PaletteItem key={`layout-${index}`} id={`palette-layout-${index}`} data={data} onAdd={add} />)}
      <Typography.Text className={styles.paletteGroup}>{t('designer.palette.fields')}</Typography.Text>
      {FIELD_ITEMS.map((data, index) => <PaletteItem key={`field-${index}`} id={`palette-field-${index}`} data={data} onAdd={add} />)}
    </div>
  );
}
