import { useEffect, useState } from 'react';

export interface LoadedPage<T> { list: T[]; total: number }

export interface LoadMore<T> {
  /** Every row loaded so far; null before the first page. */
  rows: T[] | null;
  /** The first page's failure (a later page's leaves the rows as they are). */
  error: Error | null;
  loading: boolean;
  /** More rows than loaded. */
  more: boolean;
  loadMore(): void;
}

/**
 * A phone list read page by page (加载更多 below it): `load(page)` fetches one page; a change of
 * `key` (a folder, a category) starts again from the first.
 */
export function useLoadMore<T>(load: (page: number) => Promise<LoadedPage<T>>, key: string): LoadMore<T> {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(true);
  // A new key shows its first page: reset before the effect below reads `page`.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setPage(1);
    setRows(null);
  }

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    load(page).then(
      (answer) => {
        if (!live) return;
        setRows((previous) => (page === 1 || !previous ? answer.list : [...previous, ...answer.list]));
        setTotal(answer.total);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        if (page === 1) setError(failure instanceof Error ? failure : new Error(String(failure)));
        setLoading(false);
      },
    );
    return () => { live = false; };
    // `load` is rebuilt each render; `key` and `page` say what it reads.
  }, [key, page]);

  return { rows, error, loading, more: rows !== null && rows.length < total, loadMore: () => setPage((p) => p + 1) };
}
