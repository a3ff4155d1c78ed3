import { sql } from 'kysely';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePermission, requirePrincipal } from '../../calls/requirePrincipal';
import { insertNewRow } from '../../entity/insertNewRow';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { rebuildSearchIndex } from '../../search/indexRecords';
import { runSearch } from '../../search/runSearch';
import { MAX_QUERY } from '../../search/searchQuery';
import { knowledgeEntity } from './knowledgeReaders';

const HOT_DAYS = 30;
const PAGE_SIZE_MAX = 50;

const intParam = (value: unknown, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/**
 * GET searchKnowledge {q, source?, pageNo?, pageSize?}: the full-text search over the knowledge
 * base, news, notices and regulation files (server/search): hits grouped by source, only records
 * the caller may read, titles and snippets escaped with the matches in `<mark>`. The first page
 * of a search records its keyword (搜索关键词) for the hot keywords.
 */
export const searchKnowledgeCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const q = typeof request.params.q === 'string' ? request.params.q.trim() : '';
    if (q === '') throw ApiError.business('knowledge.error.emptyQuery');
    if (q.length > MAX_QUERY) throw ApiError.business('knowledge.error.longQuery', { max: MAX_QUERY });
    const source = typeof request.params.source === 'string' && request.params.source !== '' ? request.params.source : undefined;
    const pageNo = intParam(request.params.pageNo, 1, 10_000);
    const pageSize = intParam(request.params.pageSize, source ? 10 : 5, PAGE_SIZE_MAX);
    const answer = await runSearch(ctx, principal, q, { source, pageNo, pageSize });
    if (pageNo === 1 && !source) {
      await insertNewRow(ctx, ctx.database.db, knowledgeEntity(ctx, 'KnowledgeSearchKeyword'),
        { keyword: q, searcher: principal.userId, resultCount: answer.total },
        { userId: principal.userId, deptId: principal.deptId, unitId: principal.unitId });
    }
    return answer;
  },
};

/** GET getHotKeywordList {limit?}: the unit's most searched keywords of the last 30 days, with their counts. */
export const getHotKeywordListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const keywords = knowledgeEntity(ctx, 'KnowledgeSearchKeyword');
    const since = nowText(new Date(Date.now() - HOT_DAYS * 86_400_000));
    const rows = await ctx.database.db.selectFrom(keywords.table)
      .select(['keyword', sql<number>`count(*)`.as('count')])
      .where('unitId', '=', principal.unitId).where('createTime', '>=', since)
      .groupBy('keyword').orderBy(sql`count(*)`, 'desc').orderBy('keyword')
      .limit(intParam(request.params.limit, 10, 50)).execute();
    return rows.map((r) => ({ keyword: String(r.keyword), count: Number(r.count) }));
  },
};

/**
 * POST rebuildSearchIndex: the index made again from the records (after a restore, or to drop
 * deleted records' rows); for those who manage the knowledge base (its manage list). Also the
 * nightly job of the same name.
 */
export const rebuildSearchIndexCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    requirePermission(principal, knowledgeEntity(request.ctx, 'Knowledge').permissions.list);
    const counts = await rebuildSearchIndex(request.ctx);
    return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
  },
};
