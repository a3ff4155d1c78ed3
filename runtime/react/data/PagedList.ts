/** The paged answer of list and select calls: `data = {list, total}` (plus `summary` for lists). */
export interface PagedList<T> {
  list: T[];
  total: number;
  /** More rows match than `total`: the server stopped counting (shown as "10000+"). */
  totalCapped?: boolean;
  /** Sums of the money fields over every matching row, when the list asked for them. */
  summary?: Record<string, number>;
}

/** A list answer's shape is checked, not trusted: a bad shape is a visible error (数据格式错误). */
export function isPagedList(data: unknown): data is PagedList<unknown> {
  if (typeof data !== 'object' || data === null) return false;
  const { list, total } = data as { list?: unknown; total?: unknown };
  return Array.isArray(list) && typeof total === 'number';
}
