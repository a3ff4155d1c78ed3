import { useTranslation } from 'react-i18next';
import { callPath } from '../../core/naming';
import { isPagedList, type PagedList } from '../data/PagedList';
import { useAsync, type AsyncResult } from '../data/useAsync';
import type { Row } from '../format/fieldValues';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useRuntime } from '../useRuntime';
import { listParams, type ListQuery } from './listQuery';

export type ListScopeName = 'manage' | 'my';

/** One page of the manage list (get{E}List) or the user's own rows (getMy{E}List). */
export function useEntityList(bundle: EntitySchemaBundle, scope: ListScopeName, query: ListQuery): AsyncResult<PagedList<Row>> {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const path = callPath(bundle.base, bundle.entity.name, scope === 'my' ? 'my' : 'list');
  const queryKey = JSON.stringify(query);
  return useAsync(async () => {
    // The money sums cost a read of every matching row: asked only by a list showing them.
    const params = bundle.entity.list.summary ? { ...listParams(query), summary: 1 } : listParams(query);
    const answer = await request.get<unknown>(path, params);
    // Spec §8: an answer without list/total is shown as 数据格式错误, not as an empty table.
    if (!isPagedList(answer.data)) throw new Error(t('runtime.table.badShape'));
    return answer.data as PagedList<Row>;
  }, [path, queryKey, request, bundle.entity.list.summary]);
}
