import { useTranslation } from 'react-i18next';
import { callPath, namedCallPath } from '../../core/naming';
import { isPagedList, type PagedList } from '../data/PagedList';
import { useAsync, type AsyncResult } from '../data/useAsync';
import type { Row } from '../format/fieldValues';
import type { EntitySchemaBundle } from '../schema/EntitySchemaBundle';
import { useRuntime } from '../useRuntime';
import { listParams, type ListQuery } from './listQuery';
import type { ListScopeName } from '../../core/schema/heldListScopes';

export type { ListScopeName };

/**
 * One page of the manage list (get{E}List), the user's own rows (getMy{E}List) or, given
 * `listCall`, a named list of the entity's module answering the same shape over rows its server
 * code chooses (共享给我的日志: getOfficeDiaryShareList).
 */
export function useEntityList(bundle: EntitySchemaBundle, scope: ListScopeName, query: ListQuery, listCall?: string): AsyncResult<PagedList<Row>> {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const path = listCall ? namedCallPath(bundle.base, 'get', listCall) : callPath(bundle.base, bundle.entity.name, scope === 'my' ? 'my' : 'list');
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
