import { systemEntity, type ServerContext } from '../../context';
import { nowText } from '../../http/newId';
import { splitIds } from '../../entity/rowValues';
import { dispatchMessage } from '../../messages/dispatchMessage';
import { insertRow } from '../../seed/insertRow';
import type { DefaultSchedule } from '../../scheduler/jobs';
import type { DemoOrganisation } from '../ServerModule';
import { diarySettings } from './diaryRules';
import { requireEntity } from './requireEntity';

/** MessageConfig type of the reminder: on the site by default, administrators add channels or switch it off. */
export const DIARY_REMIND_TYPE = 'officeDiaryRemind';

/** Where the reminder leads: a new diary on the desktop (the phone's 日志 tile has its own 新建). */
const NEW_DIARY_PATH = '/office/diary/index/save';

/**
 * Who writes diaries: the active accounts holding a role granted 新增 on 工作日志 (the button's
 * menu entry), as their menus decide. The superuser's role grants no entries and is left out: it
 * administers, it does not report its day.
 */
async function diaryWriters(ctx: ServerContext): Promise<string[]> {
  const { db } = ctx.database;
  const menu = systemEntity(ctx, 'Menu');
  const role = systemEntity(ctx, 'Role');
  const user = systemEntity(ctx, 'User');
  const buttons = await db.selectFrom(menu.table).select(menu.key)
    .where('menuType', '=', 'button').where('permission', '=', requireEntity(ctx, 'OfficeDiary').permissions.insert).execute();
  const buttonIds = new Set(buttons.map((b) => String(b[menu.key])));
  const roles = await db.selectFrom(role.table).select([role.key, 'menuIds']).where('status', '=', 1).execute();
  const writing = new Set(roles.filter((r) => splitIds(r.menuIds).some((id) => buttonIds.has(id))).map((r) => String(r[role.key])));
  if (writing.size === 0) return [];
  // Once a day over two columns of the active accounts: simpler than matching role lists in SQL.
  const users = await db.selectFrom(user.table).select([user.key, 'roleIds']).where('status', '=', 1).execute();
  return users.filter((u) => splitIds(u.roleIds).some((id) => writing.has(id))).map((u) => String(u[user.key]));
}

/**
 * The job remindDiary (系统 › 定时任务, seeded every 10 minutes on working days): from 日志设置's
 * remindTime on, once a day, every diary writer without a diary dated today is reminded through
 * the message type officeDiaryRemind. "Once" is the settings row's remindedOn, claimed by a
 * compare-and-set before anything is sent, so two runs (two instances, a manual 立即执行) cannot
 * both send.
 */
export async function remindDiary(ctx: ServerContext): Promise<string> {
  if (!ctx.registry.entities.has('OfficeDiary')) return 'no diary module';
  const { db } = ctx.database;
  const settings = await diarySettings(ctx, db);
  if (!settings.configId) return 'no diary settings stored';
  if (!settings.remindEnabled) return 'diary reminders are switched off';
  const now = nowText();
  const today = now.slice(0, 10);
  if (now.slice(11, 16) < settings.remindTime) return `reminders go out from ${settings.remindTime}`;
  const config = requireEntity(ctx, 'OfficeDiaryConfig');
  const claimed = await db.updateTable(config.table).set({ remindedOn: today })
    .where(config.key, '=', settings.configId)
    .where((eb) => eb.or([eb('remindedOn', 'is', null), eb('remindedOn', '<>', today)])).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return `already reminded on ${today}`;

  const diaries = requireEntity(ctx, 'OfficeDiary');
  const writers = await diaryWriters(ctx);
  const wrote = new Set((await db.selectFrom(diaries.table).select('author').where('diaryDate', '=', today).execute()).map((d) => String(d.author)));
  const due = writers.filter((id) => !wrote.has(id));
  for (const receiverId of due) {
    await dispatchMessage(ctx, {
      typeCode: DIARY_REMIND_TYPE, receiverId, msgType: 'reminder', link: NEW_DIARY_PATH,
      compose: (t) => ({ title: t('officeRules.diaryRemind.title'), vars: { date: today } }),
    });
  }
  return `${writers.length} diary writers, ${due.length} reminded to write the diary of ${today}`;
}

/**
 * The reminder's scheduled task (server/scheduler/defaultTasks.ts): every 10 minutes on working
 * days. Its name is a language-pack key (ScheduledTask.taskName is `translated`): 工作日志提醒 or
 * Work diary reminder in the reader's language.
 */
export const DIARY_REMIND_SCHEDULE: DefaultSchedule = { taskName: 'officeRules.diaryRemind.task', cron: '*/10 * * * 1-5', enabled: 1 };

/** The reminder's message type, on a new database (the settings row is the diaries' demo data). */
export async function seedDiaryReminder(ctx: ServerContext, demo: DemoOrganisation): Promise<void> {
  const admin = demo.as('admin', 'office');
  const messageTypes = ctx.registry.entities.get('MessageConfig');
  if (messageTypes) await insertRow(ctx, messageTypes, {
    msgTypeCode: DIARY_REMIND_TYPE, msgTypeName: '工作日志提醒', channels: 'site', enabled: 1, sort: 22, remark: '',
    template: '{userName}，您今天（{date}）的工作日志还没有填写，请及时填写。',
    templateEn: '{userName}, your work diary for today ({date}) is not written yet.',
  }, admin);
}
