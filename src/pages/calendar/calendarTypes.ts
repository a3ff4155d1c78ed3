/** One occurrence as getMyCalendar / getSubordinateCalendar answer it (server/modules/calendar/calendarEvents.ts). */
export interface CalendarEventRow {
  key: string;
  source: 'entry' | 'meeting' | 'leader';
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  location: string | null;
  entryType: string | null;
  privateFlag: boolean;
  mine: boolean;
  busy: boolean;
  ownerId: string;
  ownerName: string | null;
  participants: string[];
  repeating: boolean;
}

export interface Subordinate { userId: string; userName: string; deptName: string | null }

/** What react-big-calendar draws: our row plus Date objects. */
export interface CalendarItem {
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  row: CalendarEventRow;
}

/** Colours by entry type (the schema's options), meetings and leader activities by source, busy greyed. */
const TYPE_COLOURS: Record<string, string> = {
  work: '#1677ff', meeting: '#52c41a', visit: '#fa8c16', trip: '#f5222d', personal: '#722ed1',
};

export function colourOf(row: Pick<CalendarEventRow, 'busy' | 'source' | 'entryType'>): string {
  if (row.busy) return '#8c8c8c';
  if (row.source === 'leader') return '#13a8a8';
  return TYPE_COLOURS[row.entryType ?? ''] ?? TYPE_COLOURS.work;
}

export const ENTRY_TYPES = ['work', 'meeting', 'visit', 'trip', 'personal'] as const;
