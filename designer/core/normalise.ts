import type { DesignNode, DesignTree } from './types';
import { DesignOperationError } from './errors';

/**
 * Every operation ends here, so the tree the screens see always holds:
 * - each node is reached from the root once (unreachable nodes, dangling and repeated child ids
 *   are dropped; a node listed under two parents stays with the first, so there is no cycle);
 * - no grid without cols and no tabs without tabs (the meta-schema refuses both);
 * - the cols of a grid an operation changed fill their rows (below).
 *
 * Spans. antd lays a grid's cols out in rows of 24, wrapping when the next col does not fit, and
 * the suite's files use that: most grids are several rows of two halves with a full-width col
 * among them. So the rule is per row, not per grid: every row a grid's cols pack into sums to 24.
 * A grid that was one row (≤ 24 before the change, or new and ≤ 24) stays one row: its cols share
 * 24 evenly (a col moved out of 8/8/8 leaves 12/12). A grid of several rows has each short row
 * shared evenly (a half left alone before a full-width col becomes full-width). Only grids whose
 * cols the operation changed are rebalanced: a file's own layout, and a span set by hand in the
 * panel, are kept as they are until that grid's cols change.
 */
export interface NormaliseOptions {
  /** The tree before the operation: grids whose cols differ from it (or are new) are rebalanced. Absent: none. */
  before?: DesignTree;
}

export const GRID_WIDTH = 24;

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Indices of the cols in each row, as antd wraps them. */
export function gridRows(spans: readonly number[]): number[][] {
  const rows: number[][] = [];
  let row: number[] = [];
  let width = 0;
  spans.forEach((span, i) => {
    if (row.length > 0 && width + span > GRID_WIDTH) {
      rows.push(row);
      row = [];
      width = 0;
    }
    row.push(i);
    width += span;
  });
  if (row.length > 0) rows.push(row);
  return rows;
}

export function rowsFull(spans: readonly number[]): boolean {
  return gridRows(spans).every((row) => sum(row.map((i) => spans[i])) === GRID_WIDTH);
}

/** `count` integer spans summing to 24, the larger first (5 cols: 5 5 5 5 4). */
export function evenSpans(count: number): number[] {
  const base = Math.floor(GRID_WIDTH / count);
  const extra = GRID_WIDTH - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/** The spans after the rule above; `referenceTotal` is the grid's total before the change. */
export function rebalanceSpans(spans: readonly number[], referenceTotal: number): number[] {
  if (spans.length === 0) return [];
  if (referenceTotal <= GRID_WIDTH && spans.length <= GRID_WIDTH) return sum(spans) === GRID_WIDTH ? [...spans] : evenSpans(spans.length);
  if (rowsFull(spans)) return [...spans];
  const out = [...spans];
  for (const row of gridRows(spans)) {
    if (sum(row.map((i) => spans[i])) === GRID_WIDTH) continue;
    const even = evenSpans(row.length);
    row.forEach((index, k) => { out[index] = even[k]; });
  }
  return out;
}

const spanOf = (node: DesignNode | undefined) => (typeof node?.props.span === 'number' ? node.props.span : GRID_WIDTH);

export function normaliseTree(tree: DesignTree, options: NormaliseOptions = {}): DesignTree {
  const { before } = options;
  const root = tree.nodes[tree.rootId];
  if (!root || root.kind !== 'root') throw new DesignOperationError('designer.error.invalidDocument', { reason: 'no root node' });
  const out: Record<string, DesignNode> = {};
  const seen = new Set<string>();

  const visit = (id: string): DesignNode | undefined => {
    const node = tree.nodes[id];
    if (!node || seen.has(id) || node.id !== id) return undefined;
    seen.add(id);
    const children = node.children.map(visit).filter((c): c is DesignNode => c !== undefined).map((c) => c.id);
    if ((node.kind === 'grid' || node.kind === 'tabs') && children.length === 0) return undefined;
    let next = sameIds(children, node.children) ? node : { ...node, children };
    if (next.kind === 'grid' && before) next = rebalance(next, before, out);
    out[id] = next;
    return next;
  };
  visit(tree.rootId);

  const ids = Object.keys(out);
  const unchanged = ids.length === Object.keys(tree.nodes).length && ids.every((id) => out[id] === tree.nodes[id]);
  return unchanged ? tree : { rootId: tree.rootId, nodes: out };
}

/** Rewrites the spans of a changed grid's cols in `out` (they were visited before their grid). */
function rebalance(grid: DesignNode, before: DesignTree, out: Record<string, DesignNode>): DesignNode {
  const previous = before.nodes[grid.id];
  if (previous && previous.kind === 'grid' && sameIds(previous.children, grid.children)) return grid;
  const spans = grid.children.map((id) => spanOf(out[id]));
  const referenceTotal = previous?.kind === 'grid' ? sum(previous.children.map((id) => spanOf(before.nodes[id]))) : sum(spans);
  const next = rebalanceSpans(spans, referenceTotal);
  grid.children.forEach((id, i) => {
    if (next[i] !== spans[i]) out[id] = { ...out[id], props: { ...out[id].props, span: next[i] } };
  });
  return grid;
}
