import type { DesignDocument, DesignNode, NodeKind, NodeKindSpec } from './types';
import type { EntityMessages } from '../../runtime/core/schema';
import { COL_PROPERTIES, FIELD_PROPERTIES, TAB_PROPERTIES } from './nodeProperties';
import { newNodeId, uniqueId } from './ids';

/**
 * The registry of node kinds: the one place that says which kind may hold which. The canvas, the
 * outline, the JSON view and every operation ask `canContain`, so a rule cannot differ between
 * them (the outline of other designers ignored it: research notes, section A).
 */

const CONTENT: readonly NodeKind[] = ['grid', 'tabs', 'field'];
const holds = (kinds: readonly NodeKind[]) => (child: NodeKind) => kinds.includes(child);

/** The root is the form's `layout` array, not a node of the file: it has no spec of its own. */
const ROOT_ACCEPTS = holds(CONTENT);

const BUILT_IN: NodeKindSpec[] = [
  { kind: 'grid', label: 'designer.node.grid', accepts: holds(['col']), defaults: () => ({}), properties: [] },
  { kind: 'col', label: 'designer.node.col', accepts: holds(CONTENT), defaults: () => ({ span: 12 }), properties: COL_PROPERTIES },
  { kind: 'tabs', label: 'designer.node.tabs', accepts: holds(['tab']), defaults: () => ({}), properties: [] },
  { kind: 'tab', label: 'designer.node.tab', accepts: holds(CONTENT), defaults: () => ({ title: 'designer.node.tab' }), properties: TAB_PROPERTIES },
  { kind: 'field', label: 'designer.node.field', accepts: () => false, defaults: () => ({}), properties: FIELD_PROPERTIES },
];

const registry = new Map<string, NodeKindSpec>(BUILT_IN.map((spec) => [spec.kind, spec]));

/**
 * Adds a kind, or replaces a built-in kind's spec (to add a property, say). A new kind also needs
 * the meta-schema's `formNode`, runtime/core/schema/types.ts and a renderer (docs/DESIGNER.md ›
 * Model); here it says what it holds (`accepts`) and what holds it (`acceptedBy`).
 */
export function registerNodeKind(spec: NodeKindSpec): void {
  registry.set(spec.kind, spec);
}

export function nodeKindSpec(kind: NodeKind): NodeKindSpec | undefined {
  return kind === 'root' ? undefined : registry.get(kind);
}

export function nodeKinds(): NodeKindSpec[] {
  return [...registry.values()];
}

/** May a node of kind `child` be a direct child of one of kind `parent`? */
export function canContain(parent: NodeKind, child: NodeKind): boolean {
  if (child === 'root') return false;
  const childSpec = registry.get(child);
  if (!childSpec) return false;
  if (childSpec.acceptedBy?.includes(parent)) return true;
  if (parent === 'root') return ROOT_ACCEPTS(child);
  return registry.get(parent)?.accepts(child) ?? false;
}

export function isContainer(kind: NodeKind): boolean {
  return kind === 'root' || nodeKinds().some((spec) => canContain(kind, spec.kind));
}

/** A fresh subtree for an `insert` operation: its nodes (root first) and the new entity messages, if any. */
export interface NewSubtree {
  nodes: DesignNode[];
  rootId: string;
  messages?: EntityMessages;
}

/**
 * A layout node from the palette, ready to drop: a grid comes with two cols of 12 (an empty grid
 * is not a valid form node), tabs with one tab. Given the document, a tab's title is a new key of
 * the entity's own (`entity.<E>.tab.tab<n>`) with its text in both languages; without it the
 * kind's default title.
 */
export function createLayoutNode(
  kind: Exclude<NodeKind, 'root' | 'field'>,
  document?: DesignDocument,
  newId: () => string = newNodeId,
): NewSubtree {
  const taken = new Set(document ? Object.keys(document.tree.nodes) : []);
  const id = () => uniqueId(taken, newId);
  const spec = registry.get(kind);
  const node = (k: NodeKind, props: Record<string, unknown>, children: string[] = []): DesignNode => ({ id: id(), kind: k, props, children });
  let messages: EntityMessages | undefined;
  const tab = (): DesignNode => {
    const title = document ? newTabTitle(document, messages) : undefined;
    if (title) messages = title.messages;
    return node('tab', title ? { title: title.key } : { ...registry.get('tab')!.defaults() });
  };
  switch (kind) {
    case 'grid': {
      const grid = node('grid', {});
      const cols = [node('col', { span: 12 }), node('col', { span: 12 })];
      return { nodes: [{ ...grid, children: cols.map((c) => c.id) }, ...cols], rootId: grid.id };
    }
    case 'tabs': {
      const tabs = node('tabs', {});
      const first = tab();
      return { nodes: [{ ...tabs, children: [first.id] }, first], rootId: tabs.id, ...(messages ? { messages } : {}) };
    }
    case 'tab': {
      const one = tab();
      return { nodes: [one], rootId: one.id, ...(messages ? { messages } : {}) };
    }
    default: {
      const one = node(kind, { ...(spec?.defaults() ?? {}) });
      return { nodes: [one], rootId: one.id };
    }
  }
}

export function newTabTitle(document: DesignDocument, pending: EntityMessages | undefined): { key: string; messages: EntityMessages } {
  const name = document.entity.name;
  const existing = document.entity.messages as EntityMessages | undefined;
  const used = new Set([
    ...Object.keys(existing?.['zh-cn'] ?? {}), ...Object.keys(pending?.['zh-cn'] ?? {}),
    ...Object.values(document.tree.nodes).filter((n) => n.kind === 'tab').map((n) => String(n.props.title)),
  ]);
  let n = 1;
  while (used.has(`entity.${name}.tab.tab${n}`)) n += 1;
  const key = `entity.${name}.tab.tab${n}`;
  return {
    key,
    messages: {
      'zh-cn': { ...(pending?.['zh-cn'] ?? {}), [key]: `标签页 ${n}` },
      en: { ...(pending?.en ?? {}), [key]: `Tab ${n}` },
    },
  };
}
