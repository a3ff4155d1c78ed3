import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/connect';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { BeforeDeleteHook } from '../../entity/beforeDeleteHooks';
import { ApiError } from '../../http/ApiError';
import { nowText } from '../../http/newId';
import { requireEntity } from './requireEntity';

/**
 * 日志设置 (OfficeDiaryConfig) enforced: the edit window on the generic update and deletes of a
 * diary (a before-write and a before-delete hook, in the write's transaction). Who reads subordinates' diaries (leaderReads) is diaryCalls.ts's; the daily reminder
 * (remindEnabled, remindTime) is diaryReminder.ts's.
 */

/** The one 日志设置 record, or the schema's defaults while none is stored. */
export interface DiarySettings {
  configId: string | null;
  /** A diary stays editable on the day it was written and this many days after. */
  editDays: number;
  remindEnabled: boolean;
  /** HH:mm. */
  remindTime: string;
  leaderReads: boolean;
}

export async function diarySettings(ctx: ServerContext, db: Db): Promise<DiarySettings> {
  const config = requireEntity(ctx, 'OfficeDiaryConfig');
  const row = await db.selectFrom(config.table).selectAll().orderBy(config.key).executeTakeFirst();
  const value = (name: string) => (row ? row[name] : config.fields.find((f) => f.name === name)?.default);
  return {
    configId: row ? String(row[config.key]) : null,
    editDays: Number(value('editDays') ?? 0),
    remindEnabled: Number(value('remindEnabled')) === 1,
    remindTime: String(value('remindTime') ?? '').slice(0, 5),
    leaderReads: Number(value('leaderReads')) === 1,
  };
}

/** The last day a diary written at `createTime` may be changed: its day plus `editDays`. */
export function lastEditableDay(createTime: string, editDays: number): string {
  const day = new Date(`${createTime.slice(0, 10)}T00:00:00`);
  day.setDate(day.getDate() + editDays);
  return nowText(day).slice(0, 10);
}

/**
 * Counted from when the diary was written (createTime), which nobody can change, rather than its
 * diaryDate, which its author can: the window cannot be reopened by redating the diary.
 */
function refuseOutsideWindow(diary: Record<string, unknown>, settings: DiarySettings, today: string): void {
  const written = String(diary.createTime ?? '');
  if (!written || today <= lastEditableDay(written, settings.editDays)) return;
  throw ApiError.business('entity.OfficeDiary.rule.editWindow', { title: String(diary.title ?? ''), date: written.slice(0, 10), days: settings.editDays });
}

/** Whoever keeps 日志设置 is not bound by the window they set (they tidy up old diaries). */
function setsTheWindow(ctx: ServerContext, principal: Principal): boolean {
  return principal.permissions.has(requireEntity(ctx, 'OfficeDiaryConfig').permissions.update);
}

/** OfficeDiary's before-write hook: an update of a diary older than the edit window is refused. */
export const keepDiaryEditWindow: BeforeWriteHook = async ({ ctx, trx, action, existing, principal }) => {
  if (action !== 'update' || !existing || setsTheWindow(ctx, principal)) return;
  refuseOutsideWindow(existing, await diarySettings(ctx, trx), nowText().slice(0, 10));
};

/** OfficeDiary's before-delete hook: the same window on deleteOfficeDiary and deleteOfficeDiaryByIds (one old diary refuses the batch). */
export const keepDiaryDeleteWindow: BeforeDeleteHook = async ({ ctx, trx, rows, principal }) => {
  if (setsTheWindow(ctx, principal)) return;
  const settings = await diarySettings(ctx, trx);
  const today = nowText().slice(0, 10);
  for (const row of rows) refuseOutsideWindow(row, settings, today);
};
