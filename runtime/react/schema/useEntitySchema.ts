import { useAsync, type AsyncResult } from '../data/useAsync';
import { useRuntime, useRuntimeCaches } from '../useRuntime';
import type { EntitySchemaBundle } from './EntitySchemaBundle';

export const ENTITY_SCHEMA_PATH = '/get/system/getEntitySchema';

/** Loads an entity's normalised schema once per provider; every screen of the entity shares it. */
export function useEntitySchema(entityName: string): AsyncResult<EntitySchemaBundle> {
  const { request } = useRuntime();
  const caches = useRuntimeCaches();
  return useAsync(
    () => caches.schemas.get(entityName, async () => {
      const answer = await request.get<EntitySchemaBundle>(ENTITY_SCHEMA_PATH, { entity: entityName });
      return answer.data;
    }),
    [entityName, request, caches],
  );
}
