import { useEffect, useState } from 'react';
import { useRuntime } from '../../../../runtime/react';

export interface QuietOption { value: string; label: string; row: Record<string, unknown> }

/**
 * The rows of a list call as select options, asked once. Quiet: a designer who may not read that
 * list (message types, processes) sees no options and types the code instead, which publishing checks.
 */
export function useQuietOptions(path: string, toOption: (row: Record<string, unknown>) => { value: string; label: string }): QuietOption[] | undefined {
  const { request } = useRuntime();
  const [options, setOptions] = useState<QuietOption[]>();
  useEffect(() => {
    let alive = true;
    request.get<{ list: Record<string, unknown>[] }>(path, { page: 1, pageSize: 200 }, { quiet: true })
      .then((answer) => { if (alive) setOptions(answer.data.list.map((row) => ({ ...toOption(row), row }))); })
      .catch(() => { if (alive) setOptions([]); });
    return () => { alive = false; };
    // toOption is a module-level mapping at every call site; the path alone decides what is asked.
  }, [request, path]);
  return options;
}
