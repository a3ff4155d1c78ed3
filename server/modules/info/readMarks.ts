import { sql } from 'kysely';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { nowText } from '../../http/newId';
import { infoEntity, readRowId } from './infoEntities';

/**
 * Records that `principal` opened a news item: the first open makes the reader's row, later ones
 * move its last read time and count — one row per reader and news whatever the concurrency, as
 * the row's key is the pair (a second insert at once meets the primary key and updates instead).
 * The item's read count counts every open.
 */
export async function markNewsRead(ctx: ServerContext, principal: Principal, newsId: string): Promise<void> {
  const news = infoEntity(ctx, 'News');
  const reads = infoEntity(ctx, 'NewsRead');
  const now = nowText();
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx.insertInto(reads.table).values({
      [reads.key]: readRowId(newsId, principal.userId), news: newsId, reader: principal.userId, readerDept: principal.deptId,
      firstReadTime: now, lastReadTime: now, readTimes: 1,
      createUser: principal.userId, createDept: principal.deptId, unitId: principal.unitId, createTime: now, updateTime: now,
    }).onConflict((oc) => oc.column(reads.key).doUpdateSet({
      lastReadTime: now, updateTime: now, readTimes: sql`${sql.ref(`${reads.table}.readTimes`)} + 1`,
    })).execute();
    await trx.updateTable(news.table).set({ readCount: sql`coalesce(${sql.ref('readCount')}, 0) + 1` }).where(news.key, '=', newsId).execute();
  });
}

/**
 * Marks the caller's row of a notice read, once: the first read time stays whatever happens
 * after. False when the caller is not among its recipients (no row).
 */
export async function markNoticeRead(ctx: ServerContext, principal: Principal, noticeId: string): Promise<boolean> {
  const reads = infoEntity(ctx, 'NoticeRead');
  const id = readRowId(noticeId, principal.userId);
  const now = nowText();
  await ctx.database.db.updateTable(reads.table).set({ readFlag: 1, readTime: now, updateTime: now })
    .where(reads.key, '=', id).where('readFlag', '=', 0).execute();
  const row = await ctx.database.db.selectFrom(reads.table).select(reads.key).where(reads.key, '=', id).executeTakeFirst();
  return Boolean(row);
}
