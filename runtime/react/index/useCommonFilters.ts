import { useCallback, useEffect, useState } from 'react';
import {
  COMMON_FILTER_LIST_PATH, DELETE_COMMON_FILTER_PATH, SAVE_COMMON_FILTER_PATH, type CommonFilter,
} from '../../core/filter';
import { useRuntime } from '../useRuntime';
import type { FilterObj } from './filterDraft';

export type CommonFiltersStatus = 'idle' | 'loading' | 'ready' | 'error';

function isCommonFilter(value: unknown): value is CommonFilter {
  const candidate = value as Partial<CommonFilter> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.id === 'string'
    && typeof candidate.title === 'string' && typeof candidate.filterObj === 'object' && candidate.filterObj !== null;
}

/** The saved filters of a getCommonFilterList answer; anything else reads as none. */
export function commonFiltersOf(data: unknown): CommonFilter[] {
  return Array.isArray(data) ? data.filter(isCommonFilter) : [];
}

/**
 * The user's saved common filters of one list (`key`: the entity name), loaded once `enabled`
 * (the drawer is open) and again after every save or delete. Saves and deletes reject with the
 * request layer's error so the caller can show the server's reason.
 */
export function useCommonFilters(key: string, enabled: boolean) {
  const { request } = useRuntime();
  const [filters, setFilters] = useState<CommonFilter[]>([]);
  const [status, setStatus] = useState<CommonFiltersStatus>('idle');
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    setStatus('loading');
    request.get<unknown>(COMMON_FILTER_LIST_PATH, { key }).then(
      (answer) => {
        if (!current) return;
        setFilters(commonFiltersOf(answer.data));
        setStatus('ready');
      },
      () => { if (current) setStatus('error'); },
    );
    return () => { current = false; };
  }, [key, enabled, generation, request]);

  const save = useCallback(async (title: string, filterObj: FilterObj) => {
    await request.post(SAVE_COMMON_FILTER_PATH, { key, title: title.trim(), filterObj: JSON.stringify(filterObj) });
    reload();
  }, [key, request, reload]);

  const remove = useCallback(async (filter: CommonFilter) => {
    await request.post(DELETE_COMMON_FILTER_PATH, { id: filter.id });
    reload();
  }, [request, reload]);

  return { filters, status, save, remove, reload };
}
