import { useCallback, useEffect, useRef, useState } from 'react';
import { isPagedList } from '../../data/PagedList';
import { useRuntime } from '../../useRuntime';

export interface SelectOption {
  label: string;
  value: string;
}

/** Paged select page size (spec §9) and the wait after the last keystroke (spec §3). */
export { SELECT_PAGE_SIZE, REMOTE_OPTIONS_DELAY_MS } from '../../../core/constants';
import { REMOTE_OPTIONS_DELAY_MS, SELECT_PAGE_SIZE } from '../../../core/constants';

interface PageState {
  options: SelectOption[];
  page: number;
  total: number;
  keyword: string;
  loading: boolean;
}

const INITIAL: PageState = { options: [], page: 0, total: 0, keyword: '', loading: false };

function toOption(item: unknown): SelectOption | null {
  if (typeof item !== 'object' || item === null) return null;
  const { label, value } = item as { label?: unknown; value?: unknown };
  if (value === undefined || value === null) return null;
  return { label: String(label ?? value), value: String(value) };
}

/**
 * Pages of a `…ListForSelect` call (`page, pageSize, keyword` → `{list: [{label, value}], total}`):
 * the first page when the dropdown opens, the next when it is scrolled to the end, a fresh first
 * page for each keyword. Every label ever seen is remembered so chosen values keep their names.
 */
export function usePagedOptions(url: string, params: Record<string, unknown> | undefined) {
  const { request } = useRuntime();
  const [state, setState] = useState<PageState>(INITIAL);
  const latestRequest = useRef(0);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();
  const labels = useRef(new Map<string, string>());
  const paramsKey = JSON.stringify(params ?? {});

  const load = useCallback((page: number, keyword: string) => {
    latestRequest.current += 1;
    const requestNumber = latestRequest.current;
    setState((previous) => ({ ...previous, loading: true, keyword }));
    request.get(url, { ...params, page, pageSize: SELECT_PAGE_SIZE, keyword }).then(
      (answer) => {
        if (requestNumber !== latestRequest.current) return;
        const data = isPagedList(answer.data) ? answer.data : { list: [], total: 0 };
        const options = data.list.map(toOption).filter((option): option is SelectOption => option !== null);
        options.forEach((option) => labels.current.set(option.value, option.label));
        setState((previous) => ({
          options: page === 1 ? options : [...previous.options, ...options],
          page,
          total: data.total,
          keyword,
          loading: false,
        }));
      },
      () => {
        // The request layer has already reported the failure; the dropdown just stops loading.
        if (requestNumber === latestRequest.current) setState((previous) => ({ ...previous, loading: false }));
      },
    );
    // `params` is compared through its JSON text so a new but equal object does not reload.
  }, [url, paramsKey, request]);

  useEffect(() => () => clearTimeout(searchTimer.current), []);
  // Another url or other params: what was loaded belongs to another list.
  useEffect(() => { setState(INITIAL); }, [url, paramsKey]);

  const open = useCallback(() => {
    if (state.page === 0 && !state.loading) load(1, '');
  }, [state.page, state.loading, load]);

  const search = useCallback((keyword: string) => {
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => load(1, keyword), REMOTE_OPTIONS_DELAY_MS);
  }, [load]);

  const loadMore = useCallback(() => {
    if (!state.loading && state.page > 0 && state.options.length < state.total) load(state.page + 1, state.keyword);
  }, [state, load]);

  const labelOf = useCallback((value: string) => labels.current.get(value), []);

  return { options: state.options, loading: state.loading, open, search, loadMore, labelOf };
}
