import { isPlainObject } from '../../runtime/core/expression';
import {
  COMMON_FILTER_KEY_PATTERN, FilterError, MAX_COMMON_FILTERS_PER_LIST, MAX_COMMON_FILTER_TEXT, MAX_COMMON_FILTER_TITLE,
  countAppliedFilters, parseFilterObj,
} from '../../runtime/core/filter';
import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { ApiError } from '../http/ApiError';
import { newId, nowText } from '../http/newId';

/**
 * Saved common filters of the list filter drawer (spec §3 "Saved filter: title, filterObj"; §5
 * "名称不能为空", "无过滤项"). Each belongs to one user and one list (`key`, the entity name);
 * every query is bounded by the caller's own user id, so nobody reads or deletes another's.
 *
 *   GET  /get/system/getCommonFilterList?key=HrContract → [{id, title, filterObj, createTime, updateTime}]
 *   POST /set/system/saveCommonFilter {key, title, filterObj} → the saved filter (same title = replaced)
 *   POST /set/system/deleteCommonFilter {id} → {deleted: 1}; 404 when it is not the caller's
 */

const TABLE = 'sys_common_filter';

function readKey(params: Record<string, unknown>): string {
  const key = String(params.key ?? '');
  if (!COMMON_FILTER_KEY_PATTERN.test(key)) throw ApiError.business('runtime.filter.common.badKey');
  return key;
}

function readTitle(raw: unknown): string {
  const title = typeof raw === 'string' ? raw.trim() : '';
  if (title === '') throw ApiError.business('runtime.filter.common.nameRequired');
  if ([...title].length > MAX_COMMON_FILTER_TITLE) throw ApiError.business('runtime.filter.common.titleTooLong', { max: MAX_COMMON_FILTER_TITLE });
  return title;
}

type FilterObj = Record<string, { value: unknown; operator?: unknown }>;

/**
 * The filter to keep: a {field: {value, operator}} object (or its JSON text) with at least one
 * filled entry; empty entries are dropped. For an entity's list it must also be a filter the list
 * call would accept (known fields, allowed operators), so a saved filter always applies.
 */
function readFilterObj(raw: unknown, key: string, request: Parameters<CallHandler['handle']>[0]): FilterObj {
  let parsed: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parsed = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      throw ApiError.business('runtime.filter.common.badFilter');
    }
  }
  if (parsed === undefined || parsed === null) parsed = {};
  if (!isPlainObject(parsed)) throw ApiError.business('runtime.filter.common.badFilter');
  const kept: FilterObj = {};
  for (const [field, entry] of Object.entries(parsed)) {
    if (entry !== null && entry !== undefined && !isPlainObject(entry)) throw ApiError.business('runtime.filter.common.badFilter');
    if (countAppliedFilters({ [field]: entry }) > 0) kept[field] = entry as FilterObj[string];
  }
  if (Object.keys(kept).length === 0) throw ApiError.business('runtime.filter.common.noFields');
  const entity = request.ctx.registry.entities.get(key);
  if (entity) {
    try {
      parseFilterObj(entity, kept);
    } catch (error) {
      if (error instanceof FilterError) throw ApiError.business(error.message, { ...error.params, field: error.field, reason: error.reason });
      throw error;
    }
  }
  if (JSON.stringify(kept).length > MAX_COMMON_FILTER_TEXT) throw ApiError.business('runtime.filter.common.badFilter');
  return kept;
}

interface StoredFilter {
  filterId: unknown; title: unknown; filterObj: unknown; createTime: unknown; updateTime: unknown;
}

function toAnswer(row: StoredFilter) {
  let filterObj: unknown = {};
  try {
    filterObj = JSON.parse(String(row.filterObj));
  } catch {
    // A row written by hand with a broken text shows as an empty filter rather than failing the list.
  }
  return { id: String(row.filterId), title: String(row.title), filterObj, createTime: String(row.createTime), updateTime: String(row.updateTime) };
}

const COLUMNS = ['filterId', 'title', 'filterObj', 'createTime', 'updateTime'] as const;

const getCommonFilterListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const key = readKey(request.params);
    const rows = await request.ctx.database.db.selectFrom(TABLE).select([...COLUMNS])
      .where('userId', '=', principal.userId).where('filterKey', '=', key)
      .orderBy('createTime', 'asc').orderBy('filterId', 'asc').execute();
    return rows.map(toAnswer);
  },
};

const saveCommonFilterCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const key = readKey(request.params);
    const title = readTitle(request.params.title);
    const filterObj = readFilterObj(request.params.filterObj, key, request);
    const text = JSON.stringify(filterObj);
    const { db } = request.ctx.database;
    const mine = () => db.selectFrom(TABLE).where('userId', '=', principal.userId).where('filterKey', '=', key);

    const existing = await mine().select('filterId').where('title', '=', title).executeTakeFirst();
    if (!existing) {
      const count = await mine().select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_COMMON_FILTERS_PER_LIST) throw ApiError.business('runtime.filter.common.tooMany', { max: MAX_COMMON_FILTERS_PER_LIST });
    }
    const now = nowText();
    // Saving under a title the user already has replaces that filter (the unique index makes two
    // concurrent saves of one title end as one row, the later one winning).
    await db.insertInto(TABLE)
      .values({ filterId: newId(), userId: principal.userId, filterKey: key, title, filterObj: text, createTime: now, updateTime: now })
      .onConflict((oc) => oc.columns(['userId', 'filterKey', 'title']).doUpdateSet({ filterObj: text, updateTime: now }))
      .execute();
    const row = await mine().select([...COLUMNS]).where('title', '=', title).executeTakeFirstOrThrow();
    return toAnswer(row);
  },
};

const deleteCommonFilterCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const id = String(request.params.id ?? '').trim();
    if (id === '') throw ApiError.notFound();
    const result = await request.ctx.database.db.deleteFrom(TABLE)
      .where('filterId', '=', id).where('userId', '=', principal.userId).executeTakeFirst();
    // Someone else's filter is answered exactly like a missing one: its existence is not revealed.
    if (Number(result.numDeletedRows) === 0) throw ApiError.notFound();
    return { deleted: 1 };
  },
};

export function registerSavedFilterCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'getCommonFilterList'), getCommonFilterListCall);
  table.set(callKey('set', 'system', 'saveCommonFilter'), saveCommonFilterCall);
  table.set(callKey('set', 'system', 'deleteCommonFilter'), deleteCommonFilterCall);
}
