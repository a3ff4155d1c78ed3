import type { CallHandler } from '../../calls/CallHandler';
import { requirePage, requirePrincipal } from '../../calls/requirePrincipal';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { attachDisplayNames } from '../../entity/displayNames';
import { lockRow } from '../../entity/lockRow';
import { rowToApi } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';
import { communityEntity, paging } from './communityEntities';

/**
 * 动态: the unit's feed, newest first, each post with its comments inline. The generic lists keep
 * the role's scope (one's own posts); the feed is what everyone of the unit reads.
 */

/** Comments shown inline under one post; the rest are behind the comment list. */
const COMMENTS_SHOWN = 50;

/** GET getDynamicsFeed {page, pageSize}: {list, total, page, pageSize}, for the holders of the page 动态 (communityFeed). */
export const getDynamicsFeedCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const records = communityEntity(ctx, 'DynamicsRecord');
    const comments = communityEntity(ctx, 'DynamicsComment');
    requirePage(principal, 'communityFeed');
    const { page, pageSize, offset } = paging(request.params);
    const db = ctx.database.db;
    const total = Number((await db.selectFrom(records.table).select((eb) => eb.fn.countAll().as('n')).where('unitId', '=', principal.unitId).executeTakeFirst())?.n ?? 0);
    const stored = await db.selectFrom(records.table).selectAll().where('unitId', '=', principal.unitId)
      .orderBy('createTime', 'desc').orderBy(records.key, 'desc').limit(pageSize).offset(offset).execute();
    const list = stored.map((r) => rowToApi(records, r));
    await attachDisplayNames(ctx, records, list, request.lang);
    const ids = list.map((r) => String(r.dynamicsId));
    const commentRows = ids.length === 0 ? [] : await db.selectFrom(comments.table).selectAll().where('dynamics', 'in', ids)
      .orderBy('createTime', 'asc').orderBy(comments.key, 'asc').execute();
    const commentList = commentRows.map((r) => rowToApi(comments, r));
    await attachDisplayNames(ctx, comments, commentList, request.lang);
    return {
      page, pageSize, total,
      list: list.map((r) => {
        const own = commentList.filter((c) => c.dynamics === r.dynamicsId);
        return { ...r, commentCount: own.length, comments: own.slice(-COMMENTS_SHOWN) };
      }),
    };
  },
};

/**
 * A comment goes under a post of the commenter's own unit only (a post id of another unit is
 * refused). The post's row is held for the write's transaction, so a comment racing the post's
 * delete (dynamicsDeletes.ts) waits for it and then finds the post gone, instead of outliving it.
 */
export const checkDynamicsComment: BeforeWriteHook = async ({ ctx, trx, record, principal }) => {
  const records = communityEntity(ctx, 'DynamicsRecord');
  const postId = String(record.dynamics ?? '');
  await lockRow(trx, records.table, records.key, postId);
  const post = await trx.selectFrom(records.table).select('unitId').where(records.key, '=', postId).executeTakeFirst();
  if (!post || (post.unitId !== principal.unitId && !principal.isSuperAdmin)) throw ApiError.business('community.feed.postNotReadable');
};
