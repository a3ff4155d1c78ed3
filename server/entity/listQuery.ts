import type { EntityDef } from '../../runtime/core/schema';
import { parseFilterObj, FilterError, type Predicate } from '../../runtime/core/filter';
import { ApiError } from '../http/ApiError';
import { TABLE_PAGE_SIZE } from '../../runtime/core/constants';

export const PAGE_SIZE_DEFAULT = TABLE_PAGE_SIZE;
export const PAGE_SIZE_MAX = 500;
/**
 * Pages beyond this hold no rows in any table this server keeps; a larger page (1e18, Infinity)
 * is read as this one, so the offset stays an exact integer both databases accept.
 */
export const PAGE_MAX = 1_000_000_000;

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: { prop: string; order: 'ascending' | 'descending' };
  keyword: string;
  /** The keyword fields this caller's answer holds: a keyword matches in these only. */
  keywordFields: string[];
  predicates: Predicate[];
  /** Count every matching row (`exactTotal=1`) instead of stopping at the cap (server/entity/listTotal.ts). */
  exactTotal: boolean;
  /** Sum the money fields (`summary=1`): asked by a list that shows a summary row. */
  summary: boolean;
}

/** Columns every table has, sortable and filterable even where a hand-built definition omits them. */
const SYSTEM_COLUMNS = ['createUser', 'createDept', 'createTime', 'updateTime'];

/** The fields of a full answer: everything the entity declares (rowToApi) and the system columns. */
export function fullAnswerFields(entity: EntityDef): Set<string> {
  return new Set([...entity.fields.map((f) => f.name), ...SYSTEM_COLUMNS]);
}

/** A yes/no parameter: 1 or true (as text from a query string, or JSON). */
function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function whole(value: unknown, fallback: number): number {
  const n = Math.floor(Number(value ?? fallback));
  return Number.isNaN(n) ? fallback : n;
}

/**
 * Reads page, pageSize, prop, order, keyword and filterObj; anything malformed is a clear 100.
 *
 * `answered` is the set of fields the caller's answer holds (all of them, or an open picker's
 * reduced set). Sort, filter and keyword reach those fields only: ordering or narrowing by a
 * field the caller cannot read tells them its values just the same (sort the user picker by
 * phone, and every answer pins a phone number down further). Every list path — list, my list,
 * picker, export, the enterprise list — reads its query here, so the rule holds everywhere.
 */
export function readListQuery(entity: EntityDef, params: Record<string, unknown>, answered = fullAnswerFields(entity)): ListQuery {
  const page = Math.min(PAGE_MAX, Math.max(1, whole(params.page, 1)));
  const pageSize = Math.min(PAGE_SIZE_MAX, Math.max(1, whole(params.pageSize, PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT));
  const prop = typeof params.prop === 'string' ? params.prop.trim() : '';
  const order = params.order === 'ascending' || params.order === 'asc' ? 'ascending'
    : params.order === 'descending' || params.order === 'desc' ? 'descending' : undefined;
  if (prop && !answered.has(prop)) throw ApiError.business('list.sortRefused', { field: prop.slice(0, 100) }, { field: prop.slice(0, 100) });
  // The schema's default order too, where it names a field this answer leaves out.
  const sort: ListQuery['sort'] = prop ? { prop, order: order ?? 'ascending' }
    : answered.has(entity.list.defaultSort.prop) ? entity.list.defaultSort : { prop: entity.key, order: 'ascending' };
  const keyword = typeof params.keyword === 'string' ? params.keyword.trim().slice(0, 100) : '';
  const keywordFields = entity.list.keywordFields.filter((f) => answered.has(f));
  let predicates: Predicate[] = [];
  if (params.filterObj !== undefined && params.filterObj !== '') {
    try {
      predicates = parseFilterObj(entity, params.filterObj, answered);
    } catch (error) {
      if (error instanceof FilterError) {
        const field = error.field.slice(0, 100);
        throw ApiError.business(error.message, { ...error.params, field }, { field, reason: error.reason });
      }
      throw error;
    }
  }
  return { page, pageSize, sort, keyword, keywordFields, predicates, exactTotal: flag(params.exactTotal), summary: flag(params.summary) };
}
