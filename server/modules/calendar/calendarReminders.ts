import type { ExpressionBuilder } from 'kysely';
import { REPEAT_RULES } from '../../../runtime/core/calendar';
import type { ServerContext } from '../../context';
import { dispatchMessage } from '../../messages/dispatchMessage';
import type { BeforeWriteHook } from '../../entity/beforeWriteHooks';
import type { BeforeDeleteHook } from '../../entity/beforeDeleteHooks';
import { formatLocal, occurrencesIn, parseLocal } from './calendarRange';
import { REMINDER_SENT_TABLE } from './calendarTables';
import { requireCalendarEntity } from './requireCalendarEntity';

/** The message type of calendar reminders (消息配置): its channels and template decide how they go out. */
export const CALENDAR_REMINDER_TYPE = 'calendarReminder';
/** The longest reminder offered (one day before) bounds which occurrences the job reads. */
const LONGEST_REMINDER_MINUTES = 1440;
const MINUTE_MS = 60_000;
/**
 * How late a reminder may still go out: the job runs once a minute, somewhere inside the minute,
 * so an "at the start" reminder of a 09:00 occurrence goes out by the run of 09:00 (at 09:00:20).
 */
const LATE_MS = MINUTE_MS;

/** Entries with a reminder that may have an occurrence starting in [from, to): one-off ones by their start, series by their span. */
function mayStartIn(from: string, to: string) {
  return (eb: ExpressionBuilder<Record<string, Record<string, unknown>>, string>) => eb.and([
    eb('remindMinutes', 'is not', null), eb('remindMinutes', '<>', ''), eb('startTime', '<', to),
    eb.or([
      eb('startTime', '>=', from),
      eb.and([eb('repeatRule', 'in', [...REPEAT_RULES]), eb.or([eb('repeatUntil', 'is', null), eb('repeatUntil', '>=', from.slice(0, 10))])]),
    ]),
  ]);
}

/**
 * The job sendCalendarReminders: every occurrence — a one-off entry's own time, and each
 * repetition of a repeating one (the expansion getMyCalendar shows) — whose reminder time
 * (start − remindMinutes) has come and whose start has not passed is reminded once, to the
 * entry's owner and participants, each in their own language, through the message type
 * calendarReminder. The claim is a row per occurrence in calendar_reminder_sent, inserted before
 * anything is sent: of two runs only one inserts it, and a later run finds it. Moving an entry or
 * changing its reminder or repetition (the hook below) forgets its claims, so it is reminded
 * again; a repetition a drag took out of the series is reminded as the entry it became.
 * `now` is the scheduler's clock (tests pass their own).
 */
export async function sendCalendarReminders(ctx: ServerContext, now = new Date()): Promise<string> {
  const entity = requireCalendarEntity(ctx);
  const { db } = ctx.database;
  const window = {
    start: formatLocal(new Date(now.getTime() - LATE_MS)),
    end: formatLocal(new Date(now.getTime() + (LONGEST_REMINDER_MINUTES + 1) * MINUTE_MS)),
  };
  const rows = await db.selectFrom(entity.table)
    .select(['entryId', 'title', 'startTime', 'endTime', 'location', 'remindMinutes', 'repeatRule', 'repeatUntil', 'repeatSkips', 'createUser', 'participants'])
    .where(mayStartIn(window.start, window.end))
    .execute();
  let sent = 0;
  for (const row of rows) {
    const minutes = Number(row.remindMinutes);
    if (!Number.isFinite(minutes)) continue;
    // In start order: a series with two occurrences due (a long reminder) tells them in order.
    const due = occurrencesIn(row, window)
      .filter((o) => o.start >= window.start && parseLocal(o.start).getTime() - minutes * MINUTE_MS <= now.getTime());
    for (const occurrence of due) {
      if (!(await claim(ctx, String(row.entryId), occurrence.start, now))) continue;
      await remind(ctx, row, occurrence.start);
      sent += 1;
    }
  }
  return `${rows.length} entries may start within a day, ${sent} occurrences reminded`;
}

/** Takes the occurrence for this run: true when no run has reminded it before. */
async function claim(ctx: ServerContext, entryId: string, occurrenceStart: string, now: Date): Promise<boolean> {
  const sentTime = formatLocal(now);
  const inserted = await ctx.database.db.insertInto(REMINDER_SENT_TABLE)
    .values({ sentId: `${entryId}|${occurrenceStart}`, entryId, occurrenceStart, sentTime })
    .onConflict((oc) => oc.column('sentId').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  // remindedAt tells the entry's details when its latest reminder went out.
  await ctx.database.db.updateTable(requireCalendarEntity(ctx).table).set({ remindedAt: sentTime }).where('entryId', '=', entryId).execute();
  return true;
}

async function remind(ctx: ServerContext, row: Record<string, unknown>, start: string): Promise<void> {
  const receivers = new Set([String(row.createUser), ...String(row.participants ?? '').split(',').filter(Boolean)]);
  const startTime = start.slice(0, 16);
  for (const receiverId of receivers) {
    await dispatchMessage(ctx, {
      typeCode: CALENDAR_REMINDER_TYPE, receiverId, msgType: 'reminder', link: `/calendar/schedule?date=${start.slice(0, 10)}`,
      compose: (t) => ({
        title: t('calendar.reminder.title', { title: row.title, startTime }),
        vars: { title: row.title, startTime, location: row.location ?? '' },
      }),
    });
  }
}

/**
 * An update that moves an entry, or changes its reminder or its repetition, arms its reminders
 * again: its claims are forgotten and remindedAt cleared. A new repetition rule also puts back the
 * repetitions a drag took out of the series (they were counted under the old rule; the entries
 * they became stay). In the write's transaction; neither column is a form's field, so the row
 * version is left alone.
 */
export const rearmReminders: BeforeWriteHook = async ({ trx, entity, action, record, existing, id }) => {
  if (action !== 'update' || !existing || !id) return;
  const ruleChanged = (existing.repeatRule ?? 'none') !== (record.repeatRule ?? 'none');
  if (!ruleChanged && existing.startTime === record.startTime && existing.remindMinutes === record.remindMinutes) return;
  await trx.deleteFrom(REMINDER_SENT_TABLE).where('entryId', '=', id).execute();
  await trx.updateTable(entity.table).set({ remindedAt: null, ...(ruleChanged ? { repeatSkips: null } : {}) }).where(entity.key, '=', id).execute();
};

/** A deleted entry's claims go with it. */
export const forgetReminders: BeforeDeleteHook = async ({ trx, rows, entity }) => {
  const ids = rows.map((row) => String(row[entity.key]));
  await trx.deleteFrom(REMINDER_SENT_TABLE).where('entryId', 'in', ids).execute();
};
