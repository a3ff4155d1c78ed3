import type { BeforeDeleteHook } from '../../entity/beforeDeleteHooks';
import { deleteDependents } from '../../entity/deleteDependents';
import { lockRow } from '../../entity/lockRow';
import { ApiError } from '../../http/ApiError';
import { communityEntity } from './communityEntities';
import { boardOfPost, moderates } from './discussRights';

/**
 * What the generic deletes of the boards take with them, in the delete's own transaction
 * (server/entity/beforeDeleteHooks.ts): a board its posts, their replies and its notices; a post its
 * replies; each removed row with its operation-log line. A refusal or a failure anywhere rolls
 * the whole delete back, so no reply outlives its post and no post its board.
 */

/** Posts: the author, the board's moderators and the community administrators only; the replies go too. */
export const deletePostReplies: BeforeDeleteHook = async (input) => {
  const { ctx, trx, entity, rows, principal } = input;
  for (const row of rows) {
    if (String(row.author) !== principal.userId && !(await moderates(ctx, trx, principal, row.board))) throw ApiError.forbidden('community.discuss.deleteForbidden');
  }
  const postIds = rows.map((r) => String(r[entity.key]));
  // A reply written meanwhile waits on its post's row (guardDiscussReply), then finds the post gone.
  for (const postId of postIds) await lockRow(trx, entity.table, entity.key, postId);
  await deleteDependents(input, communityEntity(ctx, 'DiscussReply'), 'post', postIds);
};

/** Replies: the author, the board's moderators and the community administrators only; each post's count and last reply follow. */
export const recountAfterReplyDelete: BeforeDeleteHook = async ({ ctx, trx, entity, rows, principal }) => {
  for (const row of rows) {
    if (String(row.author) === principal.userId) continue;
    if (!(await moderates(ctx, trx, principal, await boardOfPost(ctx, trx, row.post)))) throw ApiError.forbidden('community.discuss.deleteForbidden');
  }
  const posts = communityEntity(ctx, 'DiscussPost');
  const going = rows.map((r) => String(r[entity.key]));
  for (const postId of new Set(rows.map((r) => String(r.post)))) {
    if (!(await lockRow(trx, posts.table, posts.key, postId))) continue;
    const left = await trx.selectFrom(entity.table)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('createTime').as('last')])
      .where('post', '=', postId).where(entity.key, 'not in', going).executeTakeFirst();
    await trx.updateTable(posts.table).set({ replyCount: Number(left?.n ?? 0), lastReplyTime: left?.last ?? null }).where(posts.key, '=', postId).execute();
  }
};

/** Boards (the community administrators' delete): their posts with the posts' replies, and their notices. */
export const deleteBoardContents: BeforeDeleteHook = async (input) => {
  const { ctx, trx, entity, rows } = input;
  const boardIds = rows.map((r) => String(r[entity.key]));
  // A post written meanwhile waits on its board's row (guardDiscussPost), then finds the board gone.
  for (const boardId of boardIds) await lockRow(trx, entity.table, entity.key, boardId);
  const posts = communityEntity(ctx, 'DiscussPost');
  const removedPosts = await deleteDependents(input, posts, 'board', boardIds);
  await deleteDependents(input, communityEntity(ctx, 'DiscussReply'), 'post', removedPosts.map((p) => String(p[posts.key])));
  await deleteDependents(input, communityEntity(ctx, 'DiscussNotice'), 'board', boardIds);
};
