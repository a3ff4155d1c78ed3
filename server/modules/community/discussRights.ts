import { callKey, type CallHandler, type CallTable } from '../../calls/CallHandler';
import { requirePrincipal } from '../../calls/requirePrincipal';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { lockRow } from '../../entity/lockRow';
import { splitIds } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';
import { readIdList } from '../../http/normaliseBody';
import { nowText } from '../../http/newId';
import { communityEntity, isCommunityAdmin } from './communityEntities';

/**
 * Who may do what in the discussion boards. Boards, posts and replies carry no data scope (every
 * reader of the boards reads them all), so the generic write calls would let any holder of the
 * button change anyone's post: the rules below narrow them. The author changes and deletes their
 * own post or reply; the board's moderators and the community administrators any of the board;
 * only these pin a post or mark it essence, or write in someone else's name.
 */

/** Moderates the board: one of its moderators, or a community administrator. */
export async function moderates(ctx: ServerContext, db: Db, principal: Principal, boardId: unknown): Promise<boolean> {
  if (isCommunityAdmin(principal)) return true;
  const boards = communityEntity(ctx, 'DiscussBoard');
  const board = await db.selectFrom(boards.table).select('moderators').where(boards.key, '=', String(boardId ?? '')).executeTakeFirst();
  return splitIds(board?.moderators).includes(principal.userId);
}

async function boardOfPost(ctx: ServerContext, db: Db, postId: unknown): Promise<string | undefined> {
  const posts = communityEntity(ctx, 'DiscussPost');
  const post = await db.selectFrom(posts.table).select('board').where(posts.key, '=', String(postId ?? '')).executeTakeFirst();
  return post ? String(post.board) : undefined;
}

const flagged = (value: unknown) => Number(value) === 1 || value === true;

/** Posts: own posts only, flags and others' posts for moderators. */
export const guardDiscussPost: BeforeWriteHook = async ({ ctx, trx, action, record, existing, principal }) => {
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
    // The post's row lock keeps the count right when replies arrive at once.
    await lockRow(trx, posts.table, posts.key, postId);
    const post = await trx.selectFrom(posts.table).select('replyCount').where(posts.key, '=', postId).executeTakeFirstOrThrow();
    await trx.updateTable(posts.table).set({ replyCount: Number(post.replyCount ?? 0) + 1, lastReplyTime: nowText() }).where(posts.key, '=', postId).execute();
  }
};

/**
 * Wraps the generic delete calls of posts and replies: the author, the board's moderators and the
 * community administrators only. A deleted post takes its replies with it; a deleted reply is
 * taken off its post's count.
 */
export function guardDiscussDeletes(table: CallTable): void {
  wrapDeletes(table, 'DiscussPost', async (ctx, principal, rows) => {
    for (const row of rows) {
      if (String(row.author) !== principal.userId && !(await moderates(ctx, ctx.database.db, principal, row.board))) throw ApiError.forbidden('community.discuss.deleteForbidden');
    }
  }, async (ctx, rows) => {
    const replies = communityEntity(ctx, 'DiscussReply');
    const ids = rows.map((r) => String(r.postId));
    await ctx.database.db.deleteFrom(replies.table).where('post', 'in', ids).execute();
  });
  wrapDeletes(table, 'DiscussReply', async (ctx, principal, rows) => {
    for (const row of rows) {
      if (String(row.author) === principal.userId) continue;
      if (!(await moderates(ctx, ctx.database.db, principal, await boardOfPost(ctx, ctx.database.db, row.post)))) throw ApiError.forbidden('community.discuss.deleteForbidden');
    }
  }, async (ctx, rows) => {
    const posts = communityEntity(ctx, 'DiscussPost');
    const replies = communityEntity(ctx, 'DiscussReply');
    for (const postId of new Set(rows.map((r) => String(r.post)))) {
      const left = await ctx.database.db.selectFrom(replies.table).select((eb) => eb.fn.countAll().as('n')).where('post', '=', postId).executeTakeFirst();
      await ctx.database.db.updateTable(posts.table).set({ replyCount: Number(left?.n ?? 0) }).where(posts.key, '=', postId).execute();
    }
  });
}

type RowsCheck = (ctx: ServerContext, principal: Principal, rows: Record<string, unknown>[]) => Promise<void>;
type RowsAfter = (ctx: ServerContext, rows: Record<string, unknown>[]) => Promise<void>;

function wrapDeletes(table: CallTable, entityName: string, check: RowsCheck, after: RowsAfter): void {
  for (const kind of ['delete', 'deleteByIds'] as const) {
    const key = callKey('set', 'info', kind === 'delete' ? `delete${entityName}` : `delete${entityName}ByIds`);
    const inner = table.get(key);
    if (!inner) throw new Error(`${key} is not registered: the generic calls register before the module's`);
    table.set(key, {
      ...inner,
      async handle(request) {
        const principal = requirePrincipal(request);
        const { ctx } = request;
        const entity = communityEntity(ctx, entityName);
        const ids = kind === 'delete' ? [String(request.params.id ?? request.params[entity.key] ?? '')] : readIdList(request.params.ids).map(String);
        // The permission check of the generic call comes first, so a stranger hears 403 either way.
        if (!principal.permissions.has(entity.permissions.delete)) return inner.handle(request);
        const rows = ids.length === 0 ? [] : await ctx.database.db.selectFrom(entity.table).selectAll().where(entity.key, 'in', ids.slice(0, 1000)).execute();
        await check(ctx, principal, rows);
        const answer = await inner.handle(request);
        await after(ctx, rows);
        return answer;
      },
    } satisfies CallHandler);
  }
}
