/**
 * 日程 as both sides read it: the calendar reads answer these rows (server/modules/calendar:
 * getMyCalendar, getSubordinateCalendar), the calendar page and the desk widget show them, and
 * the drag call (moveCalendarEntry) takes the move they describe.
 */

/** The repeat rules that make an entry a series (CalendarEntry.repeatRule, besides 'none'). */
export const REPEAT_RULES = ['daily', 'weekly', 'monthly'] as const;
export type RepeatRule = typeof REPEAT_RULES[number];

export function isRepeatRule(value: unknown): value is RepeatRule {
  return (REPEAT_RULES as readonly unknown[]).includes(value);
}

/** CalendarEntry.entryType's options, in the legend's order. */
export const CALENDAR_ENTRY_TYPES = ['work', 'meeting', 'visit', 'trip', 'personal'] as const;

/** One occurrence on the calendar, whatever it comes from. */
export interface CalendarEvent {
  /** Unique per occurrence (a repeating entry appears once per repetition). */
  key: string;
  source: 'entry' | 'meeting' | 'leader';
  /** The record's id: an entry, a meeting booking or a leader activity. */
  id: string;
  title: string;
  /** 'YYYY-MM-DD HH:mm:ss', server-local like every stored time. */
  start: string;
  end: string;
  allDay: boolean;
  location: string | null;
  entryType: string | null;
  privateFlag: boolean;
  /** The caller owns it (and may change it). */
  mine: boolean;
  /** Shown to someone else as "busy": title and details withheld. */
  busy: boolean;
  ownerId: string;
  ownerName: string | null;
  participants: string[];
  repeating: boolean;
  /** An entry's row version as read, which a drag sends back; null for meetings and leader activities. */
  rowVersion: number | null;
  /** Which repetition of its entry this is (0 the first); null for meetings and leader activities. */
  occurrence: number | null;
}

/** A person of the departments the caller leads (getSubordinateCalendar's `users`). */
export interface CalendarSubordinate { userId: string; userName: string; deptName: string | null }

/**
 * What a drag of an occurrence of a repeating entry changes: 'one' takes that occurrence out of
 * the series as an entry of its own at the new time, 'all' moves the whole series by the same
 * shift (and gives every occurrence the new length).
 */
export type CalendarMoveScope = 'one' | 'all';

/** Colours by entry type (the schema's options), leader activities by source, busy greyed. */
const TYPE_COLOURS: Record<string, string> = {
  work: '#1677ff', meeting: '#52c41a', visit: '#fa8c16', trip: '#f5222d', personal: '#722ed1',
};

export function calendarColourOf(event: Pick<CalendarEvent, 'busy' | 'source' | 'entryType'>): string {
  if (event.busy) return '#8c8c8c';
  if (event.source === 'leader') return '#13a8a8';
  return TYPE_COLOURS[event.entryType ?? ''] ?? TYPE_COLOURS.work;
}
