import { Tree, type GetRef, type TreeDataNode, type TreeProps } from 'antd';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { canContain, nodeKindSpec, parentOf } from '../../core';
import { fieldLabelKey, fieldsByName } from '../state/fieldIndex';
import { useApply } from '../state/useApply';
import { useDesignState, useDesignStore } from '../state/useDesignState';
import { useEntityText } from '../state/useEntityText';
import styles from '../designer.module.css';

type Info = Parameters<NonNullable<TreeProps['onDrop']>>[0];

const FIELD_SEPARATOR = '\u0001';
const LINE_SEPARATOR = '\u0002';

/** The outline: every node of the form as a tree; drag to reorder or reparent under the kinds' rules. */
export function OutlineTree() {
  const text = useEntityText();
  const store = useDesignStore();
  const apply = useApply();
  const tree = useDesignState((state) => state.document.tree);
  const fields = useDesignState((state) => state.document.entity.fields);
  const entityName = useDesignState((state) => state.document.entity.name);
  // The outline follows a selection after the canvas and the panel have painted it: re-rendering the
  // virtual tree measures its rows (a forced layout next to the 200-field canvas).
  const selection = useDeferredValue(useDesignState((state) => state.selection));
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const box = useRef<HTMLDivElement>(null);
  const treeRef = useRef<GetRef<typeof Tree>>(null);
  // A node selected on the canvas comes into view in the outline (which is virtual: it may not be rendered).
  useEffect(() => { if (selection) treeRef.current?.scrollTo({ key: selection, align: 'auto' }); }, [selection]);
  const height = useHeight(box);

  // The outline as one string (depth, id, leaf, title per node in order): an edit that changes no
  // title or structure (a placeholder, an expression) gives the same string, so the tree is not rebuilt.
  const outline = useMemo(() => {
    const byName = fieldsByName(fields);
    const title = (id: string): string => {
      const node = tree.nodes[id];
      if (node.kind === 'field') {
        const name = String(node.props.field);
        const field = byName.get(name);
        return field ? `${text(fieldLabelKey(entityName, field))} · ${name}` : name;
      }
      if (node.kind === 'tab') return text(String(node.props.title ?? ''));
      if (node.kind === 'col') return `${text(nodeKindSpec('col')?.label ?? 'col')} ${String(node.props.span ?? '')}`;
      return text(nodeKindSpec(node.kind)?.label ?? node.kind);
    };
    const lines: string[] = [];
    const walk = (id: string, depth: number) => {
      const node = tree.nodes[id];
      if (!node) return;
      lines.push([depth, id, node.kind === 'field' ? 1 : 0, title(id)].join(FIELD_SEPARATOR));
      node.children.forEach((child) => walk(child, depth + 1));
    };
    tree.nodes[tree.rootId].children.forEach((id) => walk(id, 0));
    return lines.join(LINE_SEPARATOR);
  }, [tree, fields, entityName, text]);

  const data = useMemo(() => {
    const roots: TreeDataNode[] = [];
    const open: TreeDataNode[] = [];
    for (const line of outline ? outline.split(LINE_SEPARATOR) : []) {
      const [depth, id, leaf, title] = line.split(FIELD_SEPARATOR);
      const node: TreeDataNode = { key: id, title, isLeaf: leaf === '1', children: [] };
      const level = Number(depth);
      (level === 0 ? roots : open[level - 1].children!).push(node);
      open[level] = node;
    }
    return roots;
  }, [outline]);

  const expanded = useMemo(() => (outline ? outline.split(LINE_SEPARATOR) : [])
    .map((line) => line.split(FIELD_SEPARATOR))
    .filter(([, id, leaf]) => leaf === '0' && !collapsed.has(id))
    .map(([, id]) => id), [outline, collapsed]);

  const allowDrop: TreeProps['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const dragged = tree.nodes[String(dragNode.key)];
    const target = tree.nodes[String(dropNode.key)];
    if (!dragged || !target) return false;
    const parent = dropPosition === 0 ? target : parentOf(tree, target.id);
    return parent !== undefined && canContain(parent.kind, dragged.kind);
  };

  const onDrop = (info: Info) => {
    const id = String(info.dragNode.key);
    const target = String(info.node.key);
    const current = store.getState().document.tree;
    const relative = info.dropPosition - Number(info.node.pos.split('-').pop());
    let parentId: string;
    let index: number;
    if (!info.dropToGap) {
      parentId = target;
      index = 0;
    } else {
      const parent = parentOf(current, target);
      if (!parent) return;
      parentId = parent.id;
      index = parent.children.indexOf(target) + (relative > 0 ? 1 : 0);
    }
    apply({ type: 'move', id, parentId, index }, { selection: id });
  };

  return (
    <div className={styles.outline} ref={box} data-testid="design-outline">
      <Tree ref={treeRef} treeData={data} draggable={{ icon: false }} blockNode height={height} allowDrop={allowDrop} onDrop={onDrop}
        selectedKeys={selection ? [selection] : []}
        onSelect={(keys) => store.select(keys.length > 0 ? String(keys[0]) : undefined)}
        expandedKeys={expanded}
        onExpand={(_keys, { node, expanded: open }) => {
          const next = new Set(collapsed);
          if (open) next.delete(String(node.key)); else next.add(String(node.key));
          setCollapsed(next);
        }} />
    </div>
  );
}

/** The element's inner height, followed as the layout changes: the outline is virtual within it. */
function useHeight(ref: RefObject<HTMLElement>): number {
  const [height, setHeight] = useState(300);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setHeight(Math.max(120, Math.floor(entry.contentRect.height))));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
