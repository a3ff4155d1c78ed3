/**
 * The list requests measured, as the list page sends them (first page of 15). Keywords are what
 * HR searches in remarks: a 2-character Chinese word and a 3-character one.
 */
export interface ListVariant { id: string; label: string; params: Record<string, string> }

export const LIST_CALL = '/capi/get/hr/getHrContractList';

export const VARIANTS: ListVariant[] = [
  { id: 'default', label: 'default sort', params: {} },
  { id: 'keyword2', label: 'keyword 续签', params: { keyword: '续签' } },
  { id: 'keyword3', label: 'keyword 试用期', params: { keyword: '试用期' } },
  { id: 'sort', label: 'sort amount desc', params: { prop: 'amount', order: 'descending' } },
  { id: 'filter', label: 'filterObj type+amount', params: {
    filterObj: JSON.stringify({ contractType: { value: ['fixed'], operator: 'include' }, amount: { value: 9000, operator: 'ge' } }),
  } },
];

export function variantQuery(variant: ListVariant): string {
  return new URLSearchParams({ page: '1', pageSize: '15', ...variant.params }).toString();
}
