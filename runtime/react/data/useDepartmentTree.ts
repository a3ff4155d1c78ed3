import { useRuntime, useRuntimeCaches } from '../useRuntime';
import type { TreeOption } from './TreeOption';
import { useAsync } from './useAsync';

export const DEPARTMENT_TREE_PATH = '/get/system/getDeptTree';

const NO_NODES: TreeOption[] = [];

/** The whole department tree, loaded once per provider and language; empty while loading. */
export function useDepartmentTree(): TreeOption[] {
  const { request, language } = useRuntime();
  const caches = useRuntimeCaches();
  const state = useAsync(
    () => caches.departmentTrees.get(language, async () => {
      const answer = await request.get<TreeOption[]>(DEPARTMENT_TREE_PATH);
      return Array.isArray(answer.data) ? answer.data : [];
    }),
    [language, request, caches],
  );
  return state.status === 'ready' ? state.value : NO_NODES;
}
