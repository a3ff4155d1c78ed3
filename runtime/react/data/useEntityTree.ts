import { useRuntime, useRuntimeCaches } from '../useRuntime';
import type { TreeOption } from './TreeOption';
import { useAsync } from './useAsync';

export const DEPARTMENT_TREE_PATH = '/get/system/getDeptTree';

const NO_NODES: TreeOption[] = [];

/**
 * A whole tree (`get{E}Tree`: departments, menus, dictionaries…), loaded once per provider,
 * language and path; empty while loading.
 */
export function useEntityTree(path: string): TreeOption[] {
  const { request, language } = useRuntime();
  const caches = useRuntimeCaches();
  const state = useAsync(
    () => caches.entityTrees.get(`${language}|${path}`, async () => {
      const answer = await request.get<TreeOption[]>(path);
      return Array.isArray(answer.data) ? answer.data : [];
    }),
    [language, path, request, caches],
  );
  return state.status === 'ready' ? state.value : NO_NODES;
}
