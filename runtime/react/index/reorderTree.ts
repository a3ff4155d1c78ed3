import type { EntityDef } from '../../core/schema/types';
import type { TreeOption } from '../data/TreeOption';
import type { Row } from '../format/fieldValues';

/** A node of the reorder dialog's tree: the row's key and label, in stored order. */
export interface ReorderNode {
  key: string;
  title: string;
  children?: ReorderNode[];
}

/** The parameters of `drop{E}`: move `id` before or after `targetId`, or into it (trees). */
export interface DropParams {
  id: string;
  targetId: string;
  position: 'before' | 'after' | 'inner';
}

/** The part of antd Tree's drop event the translation reads (`TreeProps['onDrop']`'s argument). */
export interface TreeDropEvent {
  dragNode: { key: string | number | bigint };
  node: { key: string | number | bigint; pos: string; expanded?: boolean };
  /** antd counts it from the target's index among its siblings (its `pos`'s last part). */
  dropPosition: number;
  /** False when the pointer was on the target itself rather than in the gap above or below. */
  dropToGap: boolean;
}

/**
 * antd's drop event as the drop call's parameters. antd draws two drops as "first child of
 * the target": onto an expanded node that has children, and into the gap just below one —
 * so those become "before its first child"; the server's own `inner` appends at the end.
 * Null when the drop would not move anything (a node onto itself, or its parent's first child
 * slot when it already is the first child).
 */
export function dropParamsFromTreeDrop(event: TreeDropEvent, firstChildOf: (key: string) => string | undefined): DropParams | null {
  const id = String(event.dragNode.key);
  const target = String(event.node.key);
  if (id === target) return null;
  const index = Number(event.node.pos.split('-').at(-1));
  // -1: the gap above the target, 0: onto it, 1: the gap below it.
  const relative = event.dropPosition - index;
  const firstChild = event.node.expanded ? firstChildOf(target) : undefined;
  if (firstChild !== undefined && (!event.dropToGap || relative === 1)) {
    return firstChild === id ? null : { id, targetId: firstChild, position: 'before' };
  }
  if (!event.dropToGap) return { id, targetId: target, position: 'inner' };
  return { id, targetId: target, position: relative < 0 ? 'before' : 'after' };
}

/** A tree answer (`get{E}Tree`) as dialog nodes; labels pass through `label` (menu titles are i18n keys). */
export function nodesFromTree(options: TreeOption[], label: (text: string) => string): ReorderNode[] {
  return options.map((option) => ({
    key: String(option.value),
    title: label(String(option.label ?? option.value)),
    ...(option.children && option.children.length > 0 ? { children: nodesFromTree(option.children, label) } : {}),
  }));
}

/** A flat list's rows (already sorted by the sort field) as dialog nodes. */
export function nodesFromRows(entity: EntityDef, rows: Row[]): ReorderNode[] {
  return rows.map((row) => ({ key: String(row[entity.key]), title: String(row[entity.labelField] ?? row[entity.key] ?? '') }));
}

/** Key → first child's key, for `dropParamsFromTreeDrop`. */
export function firstChildren(nodes: ReorderNode[]): Map<string, string> {
  const map = new Map<string, string>();
  const walk = (list: ReorderNode[]) => {
    for (const node of list) {
      if (node.children && node.children.length > 0) {
        map.set(node.key, node.children[0].key);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return map;
}

/** Drag sort is offered where the server has `drop{E}`: a sort field and the update call. */
export function offersReorder(entity: EntityDef): boolean {
  return Boolean(entity.sortField) && entity.calls.includes('update');
}
