import type { Row } from '../format/fieldValues';

/** A row of the tree list with its children (antd Table's tree data reads `children`). */
export type TreeRow = Row & { children?: TreeRow[] };

/**
 * One page of an entity with a parent field as a tree, keeping the page's order among siblings.
 * A row whose parent is not on the page (outside the reader's data scope, or past the page)
 * becomes a root rather than disappearing. The rows are copied, never changed.
 */
export function nestRows(rows: Row[], key: string, parentField: string): TreeRow[] {
  const parentOf = new Map<string, string>();
  for (const row of rows) {
    const parentId = row[parentField];
    if (parentId !== null && parentId !== undefined && parentId !== '') parentOf.set(String(row[key]), String(parentId));
  }
  const onPage = new Set(rows.map((row) => String(row[key])));
  // Bad data (a row its own ancestor) would vanish into its own subtree: such rows stay roots.
  const inCycle = (id: string): boolean => {
    const seen = new Set<string>();
    for (let at = parentOf.get(id); at !== undefined && onPage.has(at); at = parentOf.get(at)) {
      if (at === id) return true;
      // A cycle above the row, not through it: the row hangs under a root of that cycle.
      if (seen.has(at)) return false;
      seen.add(at);
    }
    return false;
  };
  const nodes = new Map<string, TreeRow>(rows.map((row) => [String(row[key]), { ...row }]));
  const roots: TreeRow[] = [];
  for (const row of rows) {
    const id = String(row[key]);
    const node = nodes.get(id)!;
    const parentId = parentOf.get(id);
    const parent = parentId === undefined || inCycle(id) ? undefined : nodes.get(parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Up to this many rows a tree list opens fully; a larger one (menus with their buttons) one level deep. */
const OPEN_ALL_UP_TO = 100;

/** Keys of the rows a tree list opens with: every parent of a small tree, the first level of a large one. */
export function initiallyExpanded(roots: TreeRow[], key: string, rowCount: number): string[] {
  const keys: string[] = [];
  const walk = (rows: TreeRow[]) => {
    for (const row of rows) {
      if (!row.children || row.children.length === 0) continue;
      keys.push(String(row[key]));
      if (rowCount <= OPEN_ALL_UP_TO) walk(row.children);
    }
  };
  walk(roots);
  return keys;
}
