import type { ListQuery } from './listQuery';
import type { ListScopeName } from './useEntityList';

/**
 * What a list screen keeps while the user opens one of its records and comes back: the page,
 * sort, keyword and filter of each list (a drawer filter and a saved one alike, both are the
 * query's filterObj), and the tab that was open. It lives with the runtime provider, which wraps
 * every entity route, so the trip through the details and save screens keeps it, and a new
 * sign-in (a new provider) starts clean. Keyed by the list's path, as an entity may be shown
 * under more than one menu entry.
 */
export interface ListMemory {
  queries: Map<string, ListQuery>;
  tabs: Map<string, ListScopeName>;
}

export function createListMemory(): ListMemory {
  return { queries: new Map(), tabs: new Map() };
}

/** A named list (EntityListView's `listCall`) keeps its own query beside the entity's tabs. */
export function listQueryKey(basePath: string, scope: ListScopeName, listCall?: string): string {
  return `${basePath}#${listCall ?? scope}`;
}
