import type { TreeOption } from '../../../data/TreeOption';

/** A person in the picker: the user id and the name shown for it. */
export interface PickedUser {
  value: string;
  label: string;
}

/**
 * The next selection after a click on a person: several mode toggles them, single mode makes
 * them the one choice (clicking the chosen one again keeps it: a single field is not cleared
 * by a click in a list, only by the field's clear button).
 */
export function togglePicked(selected: readonly PickedUser[], user: PickedUser, multiple: boolean): PickedUser[] {
  if (!multiple) return [user];
  return selected.some((s) => s.value === user.value)
    ? selected.filter((s) => s.value !== user.value)
    : [...selected, user];
}

/** Adds people not chosen yet, keeping the order they were chosen in. */
export function addPicked(selected: readonly PickedUser[], users: readonly PickedUser[]): PickedUser[] {
  const have = new Set(selected.map((s) => s.value));
  const added = users.filter((u) => {
    if (have.has(u.value)) return false;
    have.add(u.value);
    return true;
  });
  return [...selected, ...added];
}

/** The id of a department node and of every department under it, for "include sub-departments". */
export function subtreeIds(nodes: readonly TreeOption[], rootId: string): string[] {
  const find = (list: readonly TreeOption[]): TreeOption | undefined => {
    for (const node of list) {
      if (String(node.value) === rootId) return node;
      const below = node.children ? find(node.children) : undefined;
      if (below) return below;
    }
    return undefined;
  };
  const collect = (node: TreeOption): string[] => [String(node.value), ...(node.children ?? []).flatMap(collect)];
  const root = find(nodes);
  return root ? collect(root) : [rootId];
}
