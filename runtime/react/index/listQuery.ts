import type { SortOrder } from '../../core/schema/types';
import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZES } from '../../core/constants';
import type { FilterObj } from './filterDraft';

/** Table page size and the sizes offered (spec §9). */
export const PAGE_SIZE = TABLE_PAGE_SIZE;
export const PAGE_SIZE_OPTIONS = TABLE_PAGE_SIZES;

export interface ListQuery {
  page: number;
  pageSize: number;
  prop: string;
  order: SortOrder;
  keyword: string;
  filterObj: FilterObj;
  /** The user asked for the exact number of rows: the server otherwise stops counting at its cap. */
  exactTotal?: boolean;
}

/** The parameters of a get{E}List / getMy{E}List call, and of export{E} (without paging). */
export function listParams(query: ListQuery, withPaging = true): Record<string, unknown> {
  const params: Record<string, unknown> = { prop: query.prop, order: query.order };
  if (withPaging) {
    params.page = query.page;
    params.pageSize = query.pageSize;
    if (query.exactTotal) params.exactTotal = 1;
  }
  const keyword = query.keyword.trim();
  if (keyword !== '') params.keyword = keyword;
  // The contract sends the saved-filter shape as one JSON text (filterObj=<JSON>).
  if (Object.keys(query.filterObj).length > 0) params.filterObj = JSON.stringify(query.filterObj);
  return params;
}

/** antd's sorter speaks 'ascend'/'descend'; the contract speaks 'ascending'/'descending'. */
export function toAntdOrder(order: SortOrder): 'ascend' | 'descend' {
  return order === 'ascending' ? 'ascend' : 'descend';
}

export function fromAntdOrder(order: 'ascend' | 'descend' | null | undefined): SortOrder | undefined {
  if (order === 'ascend') return 'ascending';
  if (order === 'descend') return 'descending';
  return undefined;
}
