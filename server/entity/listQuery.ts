import type { EntityDef } from '../../runtime/core/schema';
import { parseFilterObj, FilterError, type Predicate } from '../../runtime/core/filter';
import { ApiError } from '../http/ApiError';
import { TABLE_PAGE_SIZE } from '../../runtime/core/constants';

export const PAGE_SIZE_DEFAULT = TABLE_PAGE_SIZE;
export const PAGE_SIZE_MAX = 500;

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: { prop: string; order: 'ascending' | 'descending' };
  keyword: string;
  predicates: Predicate[];
}

const SORTABLE_SYSTEM = new Set(['createTime', 'updateTime']);

/** Reads page, pageSize, prop, order, keyword and filterObj; anything malformed is a clear 100. */
export function readListQuery(entity: EntityDef, params: Record<string, unknown>): ListQuery {
  const page = Math.max(1, Math.floor(Number(params.page ?? 1)) || 1);
  const size = Math.floor(Number(params.pageSize ?? PAGE_SIZE_DEFAULT)) || PAGE_SIZE_DEFAULT;
  const pageSize = Math.min(PAGE_SIZE_MAX, Math.max(1, size));
  const prop = typeof params.prop === 'string' ? params.prop : '';
  const fieldNames = new Set(entity.fields.map((f) => f.name));
  const order = params.order === 'ascending' || params.order === 'asc' ? 'ascending'
    : params.order === 'descending' || params.order === 'desc' ? 'descending' : undefined;
  const sort: ListQuery['sort'] = prop && (fieldNames.has(prop) || SORTABLE_SYSTEM.has(prop))
    ? { prop, order: order ?? 'ascending' }
    : entity.list.defaultSort;
  const keyword = typeof params.keyword === 'string' ? params.keyword.trim().slice(0, 100) : '';
  let predicates: Predicate[] = [];
  if (params.filterObj !== undefined && params.filterObj !== '') {
    try {
      predicates = parseFilterObj(entity, params.filterObj);
    } catch (error) {
      if (error instanceof FilterError) {
        throw ApiError.business(error.message, { field: error.field, reason: error.reason });
      }
      throw error;
    }
  }
  return { page, pageSize, sort, keyword, predicates };
}
