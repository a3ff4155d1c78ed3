import { App } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent, CalendarMoveScope } from '../../../runtime/core/calendar';
import { failureMessage, isStaleRecord } from '../../../runtime/react/data/requestFailure';
import { request } from '../../request';
import type { CalendarItem } from './calendarTypes';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Where a dragged or resized occurrence was dropped, as the server stores times. */
export interface DroppedTimes { start: string; end: string; allDay: boolean }

/** A drop of a repeating entry's occurrence, waiting for the answer to "this occurrence or all?". */
export interface PendingMove { item: CalendarItem; times: DroppedTimes }

/** Only the caller's own entries move: not meetings, leader activities, others' entries or busy blocks. */
export function canMove(item: CalendarItem): boolean {
  return item.row.source === 'entry' && item.row.mine && !item.row.busy && item.row.rowVersion !== null;
}

/**
 * The drop in stored times. An entry stays all-day or timed, except that one dropped on the week
 * view's all-day row becomes all-day (react-big-calendar says isAllDay only there). An all-day
 * entry covers whole days, 00:00:00 to 23:59:59 as the entry dialog saves it (the calendar ends
 * an all-day drop at the next midnight).
 */
export function droppedTimes(item: CalendarItem, args: EventInteractionArgs<CalendarItem>): DroppedTimes {
  const allDay = args.isAllDay ?? item.allDay;
  const start = dayjs(args.start);
  let end = dayjs(args.end);
  if (!allDay) return { start: start.format(FORMAT), end: end.format(FORMAT), allDay };
  if (end.isAfter(start) && end.isSame(end.startOf('day'))) end = end.subtract(1, 'second');
  return { start: start.startOf('day').format(FORMAT), end: (end.isBefore(start) ? start : end).endOf('day').format(FORMAT), allDay };
}

interface Options {
  /** The occurrences on screen, and their setter: a drop is drawn at once, a refusal restores them. */
  rows: CalendarEvent[];
  setRows: Dispatch<SetStateAction<CalendarEvent[]>>;
  reload(): Promise<void>;
}

/**
 * Drag to move and resize on 我的日程: the occurrence is drawn at once where it was dropped and
 * saved with moveCalendarEntry and the row version the page showed. A refusal — the entry was
 * changed elsewhere meanwhile (stale version), or a rule — puts it back where it was and says
 * why; either way the calendar is read again, and until then (`moving`) nothing else moves. A
 * repeating entry's occurrence first asks whether to move it alone or the whole series
 * (`pending`, answered with `choose`).
 */
export function useEntryMoves({ rows, setRows, reload }: Options) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pending, setPending] = useState<PendingMove | null>(null);
  // From a drop until the calendar is read again: another drag meanwhile would carry the version before this one.
  const [moving, setMoving] = useState(false);

  const save = useCallback(async (item: CalendarItem, times: DroppedTimes, scope?: CalendarMoveScope) => {
    const { row } = item;
    const before = rows;
    setMoving(true);
    setRows(rows.map((r) => (r.key === row.key ? { ...r, start: times.start, end: times.end, allDay: times.allDay } : r)));
    try {
      await request.post('/set/calendar/moveCalendarEntry', {
        entryId: row.id, rowVersion: row.rowVersion ?? '', occurrence: row.occurrence ?? 0,
        start: times.start, end: times.end, allDay: times.allDay ? 1 : 0, ...(scope ? { scope } : {}),
      }, { quiet: true });
      message.success(t('calendar.page.moved'));
    } catch (error) {
      setRows(before);
      message.error(isStaleRecord(error) ? t('calendar.page.moveStale') : failureMessage(error, t('calendar.page.moveFailed')));
    }
    await reload().catch(() => undefined);
    setMoving(false);
  }, [message, reload, rows, setRows, t]);

  const onMove = useCallback((args: EventInteractionArgs<CalendarItem>) => {
    const item = args.event;
    if (moving || !canMove(item)) return;
    const times = droppedTimes(item, args);
    if (times.start === item.row.start && times.end === item.row.end && times.allDay === item.row.allDay) return;
    if (item.row.repeating) setPending({ item, times });
    else void save(item, times);
  }, [moving, save]);

  /** The answer to the repeating entry's question; null leaves everything where it was. */
  const choose = useCallback((scope: CalendarMoveScope | null) => {
    const move = pending;
    setPending(null);
    if (move && scope) void save(move.item, move.times, scope);
  }, [pending, save]);

  return { onMove, pending, choose, moving };
}
