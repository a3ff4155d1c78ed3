import { useEffect, useState } from 'react';
import { useRuntime } from '../../../../runtime/react';

// Names read once per page load: a definition names few users, and they rarely change while designing.
const known = new Map<string, string>();

/**
 * Names of the users a stored rule names by id, so the select shows 杨磊 rather than an id after
 * a reload (a definition stores ids only). Read one by one with getUserById; an id that cannot
 * be read keeps showing the id.
 */
export function useUserNames(ids: readonly string[]): Record<string, string> {
  const { request } = useRuntime();
  const [, setLoaded] = useState(0);
  const missing = ids.filter((id) => !known.has(id));
  const key = missing.join(',');
  useEffect(() => {
    if (key === '') return;
    let alive = true;
    void Promise.all(key.split(',').map(async (id) => {
      try {
        const answer = await request.get<{ userName?: string }>('/get/system/getUserById', { id }, { quiet: true });
        if (answer.data.userName) known.set(id, answer.data.userName);
      } catch {
        // Not readable (deleted, or no grant): the id stays as it is.
      }
    })).then(() => { if (alive) setLoaded((n) => n + 1); });
    return () => { alive = false; };
  }, [key, request]);
  return Object.fromEntries(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!]] : [])));
}
