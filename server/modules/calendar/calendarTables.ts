import type { TableSpec } from '../../db/tableSpecs';

/** Which occurrence of which entry has been reminded (server/modules/calendar/calendarReminders.ts). */
export const REMINDER_SENT_TABLE = 'calendar_reminder_sent';

/**
 * The calendar's table outside the generic entity calls, created by the table sync with the other
 * system tables (server/db/systemTables.ts). One row per reminded occurrence, keyed by entry and
 * occurrence start: the reminder job claims an occurrence by inserting its row, so of two runs
 * (two processes, or a run repeated) exactly one sends it.
 */
export const CALENDAR_TABLES: TableSpec[] = [
  {
    table: REMINDER_SENT_TABLE, key: 'sentId',
    columns: [
      // `${entryId}|${occurrenceStart}`: the claim's unique key.
      { name: 'sentId', type: 'text' }, { name: 'entryId', type: 'text' },
      { name: 'occurrenceStart', type: 'text' }, { name: 'sentTime', type: 'text' },
    ],
    indexes: [{ name: 'ix_calendar_reminder_sent_entry', columns: ['entryId'], unique: false }],
  },
];
