import type { EntityDef } from './types';

/** The data-scoped manage list and the own-rows (my) list of an entity. */
export type ListScopeName = 'manage' | 'my';

/**
 * The lists of an entity a holder of these permissions may call: the manage list with its `list`
 * permission and, where the entity has one, the my list with its `my` permission. The entity page
 * shows a tab per list (none: the no-permission page), and the side menu shows the page only when
 * there is one (server/system/menuCalls.ts), so both read this rule.
 */
export function heldListScopes(entity: EntityDef, has: (permission: string) => boolean): ListScopeName[] {
  const scopes: ListScopeName[] = [];
  if (entity.list.scopes.manage && entity.calls.includes('list') && has(entity.permissions.list ?? '')) scopes.push('manage');
  if (entity.list.scopes.my && entity.calls.includes('my') && has(entity.permissions.my ?? '')) scopes.push('my');
  return scopes;
}
