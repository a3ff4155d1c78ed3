import { useCallback, useEffect, useRef, useState } from 'react';
import { useRuntime } from '../../useRuntime';
import type { GanttData } from './ganttRows';

export interface GanttLoad {
  data: GanttData;
  /**
   * One more at every load. The chart re-reads its tasks only when they differ from the last ones
   * it was given; stamping them with the load makes every load count, so a refused drag that
   * changed nothing on the server is still put back.
   */
  version: number;
}

export interface GanttDataState {
  /** Undefined until the first answer; kept while a reload runs, so the chart stays where it is. */
  load?: GanttLoad;
  failed: boolean;
  reload(): Promise<void>;
}

/** The chart's data from a Gantt data call (`root`: one task's breakdown), reloaded after every change. */
export function useGanttData(path: string, root?: string): GanttDataState {
  const { request } = useRuntime();
  const [load, setLoad] = useState<GanttLoad>();
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const asked = ++latest.current;
    try {
      const answer = await request.get<GanttData>(path, root ? { root } : undefined);
      // A slow answer to an older request never overwrites a newer one.
      if (asked === latest.current) setLoad((before) => ({ data: answer.data, version: (before?.version ?? 0) + 1 }));
    } catch {
      // The request layer has told the user why.
      if (asked === latest.current) setFailed(true);
    }
  }, [request, path, root]);
  useEffect(() => { void reload(); }, [reload]);
  return { load, failed, reload };
}
