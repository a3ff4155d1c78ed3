import type { Principal } from '../../auth/Principal';
import type { CallHandler } from '../../calls/CallHandler';
import { hasAnyPermission, requirePrincipal } from '../../calls/requirePrincipal';
import type { ServerContext } from '../../context';
import { attachDisplayNames } from '../../entity/displayNames';
import { containsCi } from '../../entity/predicatesToSql';
import { readableScope } from '../../entity/readCalls';
import { rowToApi } from '../../entity/rowValues';
import { sanitiseHtml } from '../../entity/sanitiseHtml';
import { ApiError } from '../../http/ApiError';
import { infoEntity, readRowId } from './infoEntities';
import { publishedNewsScope } from './infoReadRules';
import { markNewsRead } from './readMarks';
import { optionalText, readPaging, requiredId } from './readerQuery';

/** Pictures the desk's carousel turns through by default, and at most (the newsCarousel widget's count setting). */
const DESK_PICTURES = 6;
const MAX_DESK_PICTURES = 10;

/** Readers of news: whoever holds a grant of it (staff hold `my`, the administrators all). */
function requireNewsReader(ctx: ServerContext, principal: Principal): void {
  const news = infoEntity(ctx, 'News');
  if (!hasAnyPermission(principal, [news.permissions.my, news.permissions.view, news.permissions.list])) {
    throw ApiError.forbidden('error.noPermission', { permission: news.permissions.my });
  }
}

/** The news administrator of this item (manage scope) or its publisher: may see drafts and who read it. */
async function managesNews(ctx: ServerContext, principal: Principal, row: Record<string, unknown>): Promise<boolean> {
  const scope = await readableScope(ctx, infoEntity(ctx, 'News'), principal);
  return Boolean(scope?.allows(row)) || row.publisher === principal.userId;
}

async function loadNews(ctx: ServerContext, id: string): Promise<Record<string, unknown>> {
  const news = infoEntity(ctx, 'News');
  const row = await ctx.database.db.selectFrom(news.table).selectAll().where(news.key, '=', id).executeTakeFirst();
  if (!row) throw ApiError.notFound('error.recordNotFound');
  return row;
}

const isPublishedFor = (row: Record<string, unknown>, principal: Principal) => publishedNewsScope(principal).allows(row);

/** A news item as a reader gets it: names beside ids, the content cleaned again on the way out. */
async function readerAnswer(ctx: ServerContext, row: Record<string, unknown>, lang: Parameters<typeof attachDisplayNames>[3]): Promise<Record<string, unknown>> {
  const news = infoEntity(ctx, 'News');
  const answer = rowToApi(news, row);
  answer.content = sanitiseHtml(String(answer.content ?? ''));
  await attachDisplayNames(ctx, news, [answer], lang);
  return answer;
}

/**
 * GET getPublishedNewsList {page, pageSize, newsType?, keyword?}: the unit's published news, 置顶
 * first then newest, each with `read` (whether the caller has opened it) — the content left out.
 */
export const getPublishedNewsListCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    requireNewsReader(ctx, principal);
    const news = infoEntity(ctx, 'News');
    const reads = infoEntity(ctx, 'NewsRead');
    const { page, pageSize } = readPaging(params);
    const newsType = optionalText(params, 'newsType', 50);
    const keyword = optionalText(params, 'keyword');
    const { db, dialect } = ctx.database;
    let query = db.selectFrom(news.table).where('status', '=', 'published').where('unitId', '=', principal.unitId);
    if (newsType) query = query.where('newsType', '=', newsType);
    if (keyword) query = query.where((eb) => containsCi(eb, dialect, 'title', keyword));
    const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query.selectAll().orderBy('top', 'desc').orderBy('publishTime', 'desc').orderBy(news.key, 'desc')
      .limit(pageSize).offset((page - 1) * pageSize).execute();
    const ids = rows.map((r) => readRowId(String(r[news.key]), principal.userId));
    const read = new Set(ids.length === 0 ? [] : (await db.selectFrom(reads.table).select(reads.key).where(reads.key, 'in', ids).execute()).map((r) => String(r[reads.key])));
    const list = rows.map((row) => {
      const { content: _content, ...rest } = rowToApi(news, row);
      return { ...rest, read: read.has(readRowId(String(row[news.key]), principal.userId)) };
    });
    await attachDisplayNames(ctx, news, list, request.lang);
    return { list, total, page, pageSize };
  },
};

/**
 * GET getNewsDetailForRead {newsId}: a published news item of the caller's unit, recorded as read
 * by them (NewsRead) and counted. Its administrator and publisher also read drafts and withdrawn
 * items here, which records nothing; anyone else is told it does not exist.
 */
export const getNewsDetailForReadCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    requireNewsReader(ctx, principal);
    const id = requiredId(request.params, 'newsId');
    let row = await loadNews(ctx, id);
    const published = isPublishedFor(row, principal);
    const manages = await managesNews(ctx, principal, row);
    if (!published && !manages) throw ApiError.notFound('error.recordNotFound');
    if (published) {
      await markNewsRead(ctx, principal, id);
      row = await loadNews(ctx, id);
    }
    return { ...(await readerAnswer(ctx, row, request.lang)), canSeeReadStatus: manages };
  },
};

/**
 * GET getNewsReadStatus {newsId}: who has opened the item, with the first and last time and how
 * often — for its administrators and its publisher only.
 */
export const getNewsReadStatusCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const row = await loadNews(ctx, requiredId(request.params, 'newsId'));
    if (!(await managesNews(ctx, principal, row))) throw ApiError.forbidden('info.error.readStatusNotYours');
    const news = infoEntity(ctx, 'News');
    const reads = infoEntity(ctx, 'NewsRead');
    const rows = await ctx.database.db.selectFrom(reads.table).selectAll().where('news', '=', String(row[news.key]))
      .orderBy('lastReadTime', 'desc').execute();
    const list = rows.map((r) => rowToApi(reads, r));
    await attachDisplayNames(ctx, reads, list, request.lang);
    return {
      readerCount: list.length,
      readCount: Number(row.readCount ?? 0),
      list: list.map((r) => ({ userId: r.reader, userName: r.readerName ?? null, deptName: r.readerDeptName ?? null, firstReadTime: r.firstReadTime, lastReadTime: r.lastReadTime, readTimes: r.readTimes })),
    };
  },
};

/**
 * GET getDeskNewsPictures {count?, newsType?}: the desk's picture news — published, 桌面图片 on,
 * with a cover, of one type when asked (the portal cell's settings); 置顶 first then newest, at
 * most `count` (1–10, default 6).
 */
export const getDeskNewsPicturesCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx, params } = request;
    requireNewsReader(ctx, principal);
    const news = infoEntity(ctx, 'News');
    const count = params.count === undefined || params.count === '' ? DESK_PICTURES : Number(params.count);
    if (!Number.isInteger(count) || count < 1 || count > MAX_DESK_PICTURES) throw ApiError.business('info.error.badParam', { name: 'count' });
    const newsType = optionalText(params, 'newsType', 50);
    let query = ctx.database.db.selectFrom(news.table).select([news.key, 'title', 'summary', 'cover', 'publishTime', 'newsType'])
      .where('status', '=', 'published').where('unitId', '=', principal.unitId).where('showOnDesk', '=', 1)
      .where('cover', 'is not', null).where('cover', '<>', '');
    if (newsType) query = query.where('newsType', '=', newsType);
    const rows = await query.orderBy('top', 'desc').orderBy('publishTime', 'desc').limit(count).execute();
    return rows.map((r) => ({ newsId: r[news.key], title: r.title, summary: r.summary ?? '', cover: r.cover, publishTime: r.publishTime, newsType: r.newsType }));
  },
};

/**
 * The generic by-id of News for readers: a published item of the caller's unit is answered and
 * recorded as read (the details screen and the /app/news deep link open it this way); the
 * administrators' own reading of any state stays the generic call's.
 */
export function newsByIdForReaders(generic: CallHandler): CallHandler {
  return {
    auth: 'session',
    async handle(request) {
      const principal = requirePrincipal(request);
      const { ctx } = request;
      const news = infoEntity(ctx, 'News');
      const id = request.params[news.key] ?? request.params.id;
      const row = typeof id === 'string' && id ? await ctx.database.db.selectFrom(news.table).selectAll().where(news.key, '=', id).executeTakeFirst() : undefined;
      if (!row || !isPublishedFor(row, principal) || !hasAnyPermission(principal, [news.permissions.my, news.permissions.view, news.permissions.list])) {
        return generic.handle(request);
      }
      const scope = await readableScope(ctx, news, principal);
      if (scope?.allows(row)) return generic.handle(request);
      await markNewsRead(ctx, principal, String(id));
      return readerAnswer(ctx, await loadNews(ctx, String(id)), request.lang);
    },
  };
}
