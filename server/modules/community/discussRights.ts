import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { lockRow } from '../../entity/lockRow';
import { splitIds } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { communityEntity, isCommunityAdmin } from './communityEntities';

/**
 * Who may do what in the discussion boards. Boards, posts and replies carry no data scope (every
 * reader of the boards reads them all), so the generic write calls would let any holder of the
 * button change anyone's post: the rules below narrow them. The author changes and deletes their
 * own post or reply; the board's moderators and the community administrators any of the board;
 * only these pin a post or mark it essence, or write in someone else's name. Deletes follow the
 * same rule (discussDeletes.ts).
 */

/** Moderates the board: one of its moderators, or a community administrator. */
export async function moderates(ctx: ServerContext, db: Db, principal: Principal, boardId: unknown): Promise<boolean> {
  if (isCommunityAdmin(principal)) return true;
  const boards = communityEntity(ctx, 'DiscussBoard');
  const board = await db.selectFrom(boards.table).select('moderators').where(boards.key, '=', String(boardId ?? '')).executeTakeFirst();
  return splitIds(board?.moderators).includes(principal.userId);
}

/** The board of a post, undefined when the post is gone. */
export async function boardOfPost(ctx: ServerContext, db: Db, postId: unknown): Promise<string | undefined> {
  const posts = communityEntity(ctx, 'DiscussPost');
  const post = await db.selectFrom(posts.table).select('board').where(posts.key, '=', String(postId ?? '')).executeTakeFirst();
  return post ? String(post.board) : undefined;
}

const flagged = (value: unknown) => Number(value) === 1 || value === true;

/** Posts: own posts only, flags and others' posts for moderators. */
export const guardDiscussPost: BeforeWriteHook = async ({ ctx, trx, action, record, existing, principal }) => {
  if (action === 'insert' || String(existing?.board) !== String(record.board)) {
    // Holds the board against its delete (discussDeletes.ts): the post lands in a board that stays, or is refused.
    const boards = communityEntity(ctx, 'DiscussBoard');
    if (!(await lockRow(trx, boards.table, boards.key, String(record.board ?? '')))) throw ApiError.notFound('error.recordNotFound');
  }
  const author = String((existing ?? record).author ?? '');
  const moderator = await moderates(ctx, trx, principal, record.board);
  if (!moderator && author !== principal.userId) throw ApiError.business('community.discuss.notAuthor');
  if (!moderator && action === 'update' && existing && String(existing.board) !== String(record.board)) throw ApiError.business('community.discuss.notAuthor');
  const flagChanged = ['isTop', 'isEssence'].some((f) => flagged(record[f]) !== flagged(existing?.[f]));
  if (!moderator && flagChanged) throw ApiError.business('community.discuss.flagsForModerators');
};

/** Replies: in one's own name (moderators may write for others), quoting a reply of the same post; counted on the post. */
export const guardDiscussReply: BeforeWriteHook = async ({ ctx, trx, action, record, existing, principal }) => {
  const posts = communityEntity(ctx, 'DiscussPost');
  const replies = communityEntity(ctx, 'DiscussReply');
  const postId = String(record.post ?? '');
  const board = await boardOfPost(ctx, trx, postId);
  if (!board) throw ApiError.notFound('error.recordNotFound');
  const author = String((existing ?? record).author ?? '');
  if (author !== principal.userId && !(await moderates(ctx, trx, principal, board))) throw ApiError.business('community.discuss.notAuthor');
  if (existing && String(existing.post) !== postId) throw ApiError.business('community.discuss.replyMoved');
  if (record.quoteReply) {
    const quoted = await trx.selectFrom(replies.table).select('post').where(replies.key, '=', String(record.quoteReply)).executeTakeFirst();
    if (!quoted || String(quoted.post) !== postId) throw ApiError.business('community.discuss.quoteElsewhere');
  }
  if (action === 'insert') {
    // The post's row lock keeps the count right when replies arrive at once, and holds the post against its delete.
    if (!(await lockRow(trx, posts.table, posts.key, postId))) throw ApiError.notFound('error.recordNotFound');
    const post = await trx.selectFrom(posts.table).select('replyCount').where(posts.key, '=', postId).executeTakeFirstOrThrow();
    await trx.updateTable(posts.table).set({ replyCount: Number(post.replyCount ?? 0) + 1, lastReplyTime: nowText() }).where(posts.key, '=', postId).execute();
  }
};
