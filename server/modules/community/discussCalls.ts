import { sql } from 'kysely';
import type { CallHandler } from '../../calls/CallHandler';
import { requirePage, requirePrincipal } from '../../calls/requirePrincipal';
import { attachDisplayNames } from '../../entity/displayNames';
import { rowToApi } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';
import { communityEntity, paging, requiredText } from './communityEntities';
import { moderates } from './discussRights';

/**
 * 讨论区 (the page `communityForum`): its calls are for the holders of the page, who read every
 * board, post and reply — the boards carry no data scope. The management pages under 互动管理 are
 * the community administrators' (their manage lists).
 */
const FORUM_PAGE = 'communityForum';
/** Board notices shown above a board's posts. */
const NOTICES_SHOWN = 3;
/** Replies one post shows: a thread beyond this is read in the reply list. */
const REPLIES_SHOWN = 500;
/** Boards the forum shows: a forum is a handful of boards, not a list to page through. */
const BOARDS_SHOWN = 100;

/** GET getForumBoards: every board in its sort order, with its moderators' names. */
export const getForumBoardsCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    requirePage(requirePrincipal(request), FORUM_PAGE);
    const { ctx } = request;
    const boards = communityEntity(ctx, 'DiscussBoard');
    const rows = await ctx.database.db.selectFrom(boards.table).selectAll().orderBy('sort', 'asc').orderBy(boards.key, 'asc').limit(BOARDS_SHOWN).execute();
    const list = rows.map((r) => rowToApi(boards, r));
    await attachDisplayNames(ctx, boards, list, request.lang);
    return { list };
  },
};

/**
 * GET getDiscussBoardPosts {boardId, page, pageSize, keyword}: the board with its notices, and its
 * posts — pinned first, then by the latest activity (last reply, else the post itself).
 */
export const getDiscussBoardPostsCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const boards = communityEntity(ctx, 'DiscussBoard');
    const posts = communityEntity(ctx, 'DiscussPost');
    const notices = communityEntity(ctx, 'DiscussNotice');
    requirePage(principal, FORUM_PAGE);
    const boardId = requiredText(request.params, 'boardId');
    const db = ctx.database.db;
    const boardRow = await db.selectFrom(boards.table).selectAll().where(boards.key, '=', boardId).executeTakeFirst();
    if (!boardRow) throw ApiError.notFound('error.recordNotFound');
    const board = rowToApi(boards, boardRow);
    await attachDisplayNames(ctx, boards, [board], request.lang);
    const keyword = typeof request.params.keyword === 'string' ? request.params.keyword.trim().slice(0, 50) : '';
    let query = db.selectFrom(posts.table).where('board', '=', boardId);
    if (keyword) query = query.where('title', 'like', `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const { page, pageSize, offset } = paging(request.params, 20);
    const total = Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query.selectAll().orderBy('isTop', 'desc').orderBy(sql`coalesce("lastReplyTime", "createTime")`, 'desc')
      .orderBy(posts.key, 'desc').limit(pageSize).offset(offset).execute();
    const list = rows.map((r) => rowToApi(posts, r));
    await attachDisplayNames(ctx, posts, list, request.lang);
    const noticeRows = await db.selectFrom(notices.table).selectAll().where('board', '=', boardId).orderBy('createTime', 'desc').limit(NOTICES_SHOWN).execute();
    return {
      board, page, pageSize, total, list,
      notices: noticeRows.map((r) => rowToApi(notices, r)),
      canModerate: await moderates(ctx, db, principal, boardId),
    };
  },
};

/** GET getDiscussPostDetail {id}: the post (counted as one more view), its replies oldest first, and what the reader may do. */
export const getDiscussPostDetailCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const posts = communityEntity(ctx, 'DiscussPost');
    const replies = communityEntity(ctx, 'DiscussReply');
    requirePage(principal, FORUM_PAGE);
    const postId = requiredText(request.params, 'id');
    const db = ctx.database.db;
    const stored = await db.selectFrom(posts.table).selectAll().where(posts.key, '=', postId).executeTakeFirst();
    if (!stored) throw ApiError.notFound('error.recordNotFound');
    await db.updateTable(posts.table).set((eb) => ({ viewCount: eb('viewCount', '+', 1) })).where(posts.key, '=', postId).execute();
    const post: Record<string, unknown> = { ...rowToApi(posts, stored), viewCount: Number(stored.viewCount ?? 0) + 1 };
    await attachDisplayNames(ctx, posts, [post], request.lang);
    const replyRows = await db.selectFrom(replies.table).selectAll().where('post', '=', postId).orderBy('createTime', 'asc').orderBy(replies.key, 'asc').limit(REPLIES_SHOWN).execute();
    const list = replyRows.map((r) => rowToApi(replies, r));
    await attachDisplayNames(ctx, replies, list, request.lang);
    const moderator = await moderates(ctx, db, principal, post.board);
    return {
      post, replies: list, canModerate: moderator,
      canReply: principal.permissions.has(replies.permissions.insert),
      canDeletePost: principal.permissions.has(posts.permissions.delete) && (moderator || post.author === principal.userId),
      canDeleteReplies: principal.permissions.has(replies.permissions.delete) ? list.filter((r) => moderator || r.author === principal.userId).map((r) => r.replyId) : [],
    };
  },
};
