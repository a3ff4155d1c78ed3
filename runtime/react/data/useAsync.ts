import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; value: T };

export type AsyncResult<T> = AsyncState<T> & { reload(): void };

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/**
 * Runs `load` when `deps` change (or on reload) and keeps only the latest answer: a slow answer
 * to an outdated request never overwrites a newer one.
 */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): AsyncResult<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (value) => { if (current) setState({ status: 'ready', value }); },
      (reason: unknown) => { if (current) setState({ status: 'error', error: asError(reason) }); },
    );
    return () => { current = false; };
    // `load` is a fresh closure every render; `deps` say when it really changes.
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
