import type { ServerContext } from '../../context';
import { nowText } from '../../http/newId';
import { dispatchMessage } from '../../messages/dispatchMessage';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import { formatLocal } from './calendarRange';
import { requireCalendarEntity } from './requireCalendarEntity';

/** The message type of calendar reminders (消息配置): its channels and template decide how they go out. */
export const CALENDAR_REMINDER_TYPE = 'calendarReminder';
/** The longest reminder offered (one day before) bounds which entries the job reads. */
const LONGEST_REMINDER_MINUTES = 1440;
const MINUTE_MS = 60_000;

/**
 * The job sendCalendarReminders: each entry whose reminder time (start − remindMinutes) has come
 * and whose start has not passed is claimed by setting remindedAt — a conditional update, so of
 * two runs only one wins — and its owner and participants are told through the message type
 * calendarReminder. An entry is reminded once; moving it or changing its reminder (the hook below)
 * arms it again. A repeating entry is reminded of its first occurrence only.
 */
export async function sendCalendarReminders(ctx: ServerContext): Promise<string> {
  const entity = requireCalendarEntity(ctx);
  const now = Date.now();
  const { db } = ctx.database;
  const rows = await db.selectFrom(entity.table).select(['entryId', 'title', 'startTime', 'location', 'remindMinutes', 'createUser', 'participants'])
    .where('remindedAt', 'is', null).where('remindMinutes', 'is not', null).where('remindMinutes', '<>', '')
    .where('startTime', '>=', nowText(new Date(now)))
    .where('startTime', '<=', nowText(new Date(now + (LONGEST_REMINDER_MINUTES + 1) * MINUTE_MS)))
    .execute();
  let sent = 0;
  for (const row of rows) {
    const minutes = Number(row.remindMinutes);
    const start = String(row.startTime);
    const [date, time] = start.split(' ');
    const [y, m, d] = date.split('-').map(Number);
    const [hh, mm] = time.split(':').map(Number);
    const startsAt = new Date(y, m - 1, d, hh, mm).getTime();
    if (!Number.isFinite(minutes) || startsAt - minutes * MINUTE_MS > now) continue;
    const claimed = await db.updateTable(entity.table).set({ remindedAt: formatLocal(new Date(now)) })
      .where('entryId', '=', row.entryId).where('remindedAt', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const receivers = new Set([String(row.createUser), ...String(row.participants ?? '').split(',').filter(Boolean)]);
    for (const receiverId of receivers) {
      await dispatchMessage(ctx, {
        typeCode: CALENDAR_REMINDER_TYPE, receiverId, msgType: 'reminder', link: `/calendar/schedule?date=${date}`,
        compose: (t) => ({
          title: t('calendar.reminder.title', { title: row.title, startTime: start.slice(0, 16) }),
          vars: { title: row.title, startTime: start.slice(0, 16), location: row.location ?? '' },
        }),
      });
    }
    sent += 1;
  }
  return `${rows.length} entries start within a day, ${sent} reminded`;
}

/** Moving an entry or changing its reminder arms the reminder again. */
export const rearmReminder: BeforeWriteHook = async ({ trx, entity, action, record, existing, id }) => {
  if (action !== 'update' || !existing || !id || existing.remindedAt === null) return;
  if (existing.startTime === record.startTime && existing.remindMinutes === record.remindMinutes) return;
  // remindedAt is read-only to the form: cleared here, in the write's transaction (the row version is left alone).
  await trx.updateTable(entity.table).set({ remindedAt: null }).where(entity.key, '=', id).execute();
};
