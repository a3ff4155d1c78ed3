import { useEffect, useState } from 'react';
import { request } from '../../request';

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/** One GET of a reader page, answered quietly: a refusal shows inside the page, not as a dialog. */
export function useReaderCall<T>(path: string, params: Record<string, unknown> | null): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const key = JSON.stringify(params);
  useEffect(() => {
    if (params === null) return undefined;
    let live = true;
    setState({ status: 'loading' });
    request.get<T>(path, JSON.parse(key) as Record<string, unknown>, { quiet: true }).then(
      (answer) => { if (live) setState({ status: 'ready', data: answer.data }); },
      (error: unknown) => { if (live) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }); },
    );
    return () => { live = false; };
    // `key` stands for `params`: a new object with the same values is the same request.
  }, [path, key]);
  return state;
}
