import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from '../../../request';

export type WidgetData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; message: string };

/**
 * One GET call a widget shows, quietly: a failure stays inside the widget (its own message
 * and retry) instead of a global error dialog, so one broken widget never spoils the desk.
 */
export function useWidgetData<T>(path: string, params?: Record<string, unknown>): { state: WidgetData<T>; reload: () => void } {
  const [state, setState] = useState<WidgetData<T>>({ status: 'loading' });
  const paramsKey = JSON.stringify(params ?? {});
  const latest = useRef(0);
  const load = useCallback(() => {
    const seq = ++latest.current;
    setState({ status: 'loading' });
    request.get<T>(path, JSON.parse(paramsKey) as Record<string, unknown>, { quiet: true }).then(
      (answer) => { if (seq === latest.current) setState({ status: 'ready', data: answer.data }); },
      (error: unknown) => { if (seq === latest.current) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }); },
    );
  }, [path, paramsKey]);
  useEffect(() => { load(); }, [load]);
  return { state, reload: load };
}
