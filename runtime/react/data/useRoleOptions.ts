import { useEffect, useState } from 'react';
import { useRuntime } from '../useRuntime';

export interface RoleOption { value: string; label: string }

/**
 * The roles as select options by code, "name（code）": what a workflow node's assignees, a simple
 * flow's transitions and module.json name roles by. Quiet: a user who may not read the roles gets
 * none and types codes instead.
 */
export function useRoleOptions(): RoleOption[] {
  const { request } = useRuntime();
  const [options, setOptions] = useState<RoleOption[]>([]);
  useEffect(() => {
    let alive = true;
    request.get<{ list: { roleCode: string; label: string }[] }>('/get/system/getRoleListForSelect', { page: 1, pageSize: 200 }, { quiet: true })
      .then((answer) => { if (alive) setOptions(answer.data.list.map((row) => ({ value: row.roleCode, label: `${row.label}（${row.roleCode}）` }))); })
      .catch(() => undefined);
    return () => { alive = false; };
  }, [request]);
  return options;
}
