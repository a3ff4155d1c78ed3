import { callPath } from '../../core/naming';
import type { Row } from '../format/fieldValues';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useRuntime } from '../useRuntime';
import { useAsync, type AsyncResult } from './useAsync';

/** One record by its key (get{E}ById), or null when there is no id (a new record). */
export function useEntityRow(bundle: EntitySchemaBundle, id: string | undefined): AsyncResult<Row | null> {
  const { request } = useRuntime();
  return useAsync(async () => {
    if (id === undefined) return null;
    const answer = await request.get<Row>(callPath(bundle.base, bundle.entity.name, 'view'), { id });
    return answer.data;
  }, [bundle, id, request]);
}
