import type { Db } from '../../db/connect';
import type { ServerContext } from '../../context';
import type { TransitionEffect } from '../../entity/transitionEffects';
import { nowText } from '../../http/newId';
import { ApiError } from '../../http/ApiError';
import { infoEntity, readRowId, todayText } from './infoEntities';
import { resolveRecipients } from './noticeRecipients';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The single 通知设置 row of a unit, or its defaults when the administrator never saved one. */
export async function noticeConfig(ctx: ServerContext, db: Db, unitId: string): Promise<{ approvalRequired: boolean; validDays: number; publishers: string[] }> {
  const config = infoEntity(ctx, 'NoticeConfig');
  const row = await db.selectFrom(config.table).selectAll().where('unitId', '=', unitId).executeTakeFirst();
  return {
    approvalRequired: row ? Number(row.approvalRequired) === 1 : true,
    validDays: row ? Number(row.validDays ?? 0) : 30,
    publishers: row?.publishers ? String(row.publishers).split(',').filter(Boolean) : [],
  };
}

/**
 * What publishing a notice does besides its state: the date, the expiry the configuration gives
 * one that names none, the recipients resolved into `readers` (who may then read it) and one
 * unread NoticeRead row each. Publishing again after a withdrawal keeps the rows already read
 * and adds those who joined the recipients since. Runs in the caller's transaction.
 */
export async function publishNoticeRows(ctx: ServerContext, db: Db, notice: Record<string, unknown>): Promise<number> {
  const notices = infoEntity(ctx, 'Notice');
  const reads = infoEntity(ctx, 'NoticeRead');
  const noticeId = String(notice[notices.key]);
  const recipients = await resolveRecipients(ctx, db, notice);
  if (recipients.length === 0) throw ApiError.business('entity.Notice.rule.noRecipients');
  const now = nowText();
  const config = await noticeConfig(ctx, db, String(notice.unitId ?? ''));
  const expireDate = notice.expireDate || (config.validDays > 0 ? todayText(new Date(Date.now() + config.validDays * DAY_MS)) : null);
  await db.updateTable(notices.table).set({
    publishTime: notice.publishTime || now,
    expireDate,
    readers: recipients.map((r) => r.userId).join(','),
  }).where(notices.key, '=', noticeId).execute();
  const rows = recipients.map((r) => ({
    [reads.key]: readRowId(noticeId, r.userId), notice: noticeId, reader: r.userId, readerDept: r.deptId, readFlag: 0, readTime: null,
    createUser: r.userId, createDept: r.deptId, unitId: notice.unitId, createTime: now, updateTime: now,
  }));
  // Chunks well below either database's parameter limit.
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto(reads.table).values(rows.slice(i, i + 200)).onConflict((oc) => oc.column(reads.key).doNothing()).execute();
  }
  return recipients.length;
}

/** 审批通过 and 恢复 of a notice (schemas/info/Notice.json): publish it to its recipients. */
export const publishNotice: TransitionEffect = async ({ ctx, trx, row }) => {
  await publishNoticeRows(ctx, trx, row);
};
