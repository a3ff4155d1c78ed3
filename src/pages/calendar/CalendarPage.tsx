import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Modal, Segmented, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Calendar, type SlotInfo, type View, Views } from 'react-big-calendar';
import withDragAndDropModule from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { request } from '../../request';
import { ShellRuntime } from '../../runtime/ShellRuntime';
import { CALENDAR_ENTRY_TYPES, calendarColourOf, type CalendarEvent, type CalendarSubordinate } from '../../../runtime/core/calendar';
import { calendarCulture, calendarLocalizer, calendarMessages } from './calendarLocalizer';
import type { CalendarItem } from './calendarTypes';
import { EntryDialog, type EntryTarget } from './EntryDialog';
import { MoveScopeDialog } from './MoveScopeDialog';
import { canMove, useEntryMoves } from './useEntryMoves';
import { rangeOf } from './calendarRangeOf';
import styles from './calendarPage.module.css';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

type Mode = 'mine' | 'subordinates';

const toItem = (row: CalendarEvent): CalendarItem => ({ title: row.title, start: dayjs(row.start).toDate(), end: dayjs(row.end).toDate(), allDay: row.allDay, row });

/**
 * react-big-calendar with its drag-and-drop add-on. The add-on ships only as CommonJS
 * (lib/addons/dragAndDrop, Babel output requiring @babel/runtime/helpers/*): bundled with the
 * `import` condition for its require() calls, @babel/runtime's exports map hands it the ES-module
 * helpers, whose namespace is no function, and the page's chunk dies at load with
 * "_interopRequireDefault is not a function" ("t is not a function" minified) — the likely cause
 * of the crash an earlier version saw. Vite 8 resolves require() with the `require` condition, so
 * it loads; tests/e2e/calendar.test.ts drags and resizes on the production build and would catch
 * a regression (docs/ARCHITECTURE.md › Calendar).
 */
/**
 * The drag-and-drop add-on is CommonJS only (`exports.default = …`). The app is an ES module
 * package, so the production build imports it under Node's rules: the default import is the whole
 * `module.exports`, and calling it killed the page at load ("(0, x.default) is not a function",
 * which is why the add-on had been taken out once). The dev server and the types give the function.
 */
const withDragAndDrop = ((withDragAndDropModule as unknown as { default?: typeof withDragAndDropModule }).default ?? withDragAndDropModule);
const DragAndDropCalendar = withDragAndDrop<CalendarItem>(Calendar);

/**
 * 我的日程: the caller's calendar (own entries, entries naming them, approved meeting bookings,
 * public leader activities) by month, week, day or agenda. A click on a day or a drag over free
 * hours opens the new-entry dialog over them, a click on an own entry edits it; own entries are
 * dragged to another time or day (any view) and resized (week and day views), saved at once
 * (useEntryMoves.ts). 下属日程 shows the people of the departments the caller leads, one or
 * all, private entries as busy. Under the runtime's services: the entry dialog's people picker
 * is a runtime widget.
 */
export function CalendarPage() {
  return <ShellRuntime><CalendarView /></ShellRuntime>;
}

function CalendarView() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('mine');
  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState<Date>(() => (params.get('date') && dayjs(params.get('date')).isValid() ? dayjs(params.get('date')).toDate() : new Date()));
  const [rows, setRows] = useState<CalendarEvent[]>([]);
  const [subordinates, setSubordinates] = useState<CalendarSubordinate[] | null>(null);
  const [person, setPerson] = useState<string>('');
  const [editing, setEditing] = useState<EntryTarget | null>(null);
  const [viewing, setViewing] = useState<CalendarEvent | null>(null);
  const culture = calendarCulture(i18n.language);
  const range = useMemo(() => rangeOf(view, date, culture), [view, date, culture]);

  const load = useCallback(async () => {
    const span = { start: range.start.format(FORMAT), end: range.end.format(FORMAT) };
    if (mode === 'mine') {
      const answer = await request.get<CalendarEvent[]>('/get/calendar/getMyCalendar', span);
      setRows(answer.data);
    } else {
      const answer = await request.get<{ users: CalendarSubordinate[]; events: CalendarEvent[] }>('/get/calendar/getSubordinateCalendar', { ...span, ...(person ? { userId: person } : {}) });
      setSubordinates(answer.data.users);
      setRows(answer.data.events);
    }
  }, [mode, person, range]);
  useEffect(() => { void load().catch(() => setRows([])); }, [load]);
  const { onMove, pending, choose, moving } = useEntryMoves({ rows, setRows, reload: load });
  const movable = useCallback((item: CalendarItem) => !moving && canMove(item), [moving]);

  const items = useMemo(() => rows.map(toItem), [rows]);
  const messages = useMemo(() => calendarMessages(t), [t]);

  const onSelectSlot = (slot: SlotInfo) => {
    if (mode !== 'mine') return;
    // A day cell (month view) or the all-day row: 09:00–10:00 of that day to start from; a time slot as drawn.
    const wholeDay = dayjs(slot.end).diff(slot.start, 'hour') >= 24;
    if (view === Views.MONTH || wholeDay) {
      const day = dayjs(slot.start).startOf('day');
      setEditing({ kind: 'new', start: day.hour(9).toDate(), end: day.hour(10).toDate(), allDay: view !== Views.MONTH });
    } else {
      setEditing({ kind: 'new', start: slot.start, end: slot.end, allDay: false });
    }
  };

  const onSelectEvent = (item: CalendarItem) => {
    if (item.row.mine && item.row.source === 'entry') setEditing({ kind: 'edit', entryId: item.row.id });
    else setViewing(item.row);
  };

  return (
    <Card
      className={styles.page}
      title={
        <Space wrap>
          <Segmented<Mode>
            value={mode}
            onChange={(value) => { setMode(value); setPerson(''); }}
            options={[{ value: 'mine', label: t('calendar.page.mine') }, { value: 'subordinates', label: t('calendar.page.subordinates') }]}
            data-testid="calendar-mode"
          />
          {mode === 'mine' && (
            // Besides clicking a day or dragging over hours: 09:00–10:00 of the day in view (today by default).
            <Button type="primary" icon={<PlusOutlined />} data-testid="calendar-new"
              onClick={() => { const day = dayjs(date).startOf('day'); setEditing({ kind: 'new', start: day.hour(9).toDate(), end: day.hour(10).toDate(), allDay: false }); }}>
              {t('calendar.page.newEntry')}
            </Button>
          )}
          {mode === 'subordinates' && subordinates && subordinates.length > 0 && (
            <Select
              style={{ minWidth: 200 }}
              value={person}
              onChange={setPerson}
              data-testid="calendar-subordinate"
              options={[{ value: '', label: t('calendar.page.allSubordinates') },
                ...subordinates.map((u) => ({ value: u.userId, label: u.deptName ? `${u.userName}（${u.deptName}）` : u.userName }))]}
            />
          )}
        </Space>
      }
      extra={
        <Space size={4} wrap className={styles.legend}>
          {CALENDAR_ENTRY_TYPES.map((type) => (
            <Tag key={type} color={calendarColourOf({ entryType: type, source: 'entry', busy: false })}>{t(`entity.CalendarEntry.type.${type}`)}</Tag>
          ))}
          <Tag color={calendarColourOf({ entryType: null, source: 'leader', busy: false })}>{t('calendar.page.source.leader')}</Tag>
        </Space>
      }
    >
      {mode === 'subordinates' && subordinates && subordinates.length === 0 ? (
        <Empty description={t('calendar.page.noSubordinates')} data-testid="calendar-no-subordinates" />
      ) : (
        <div className={styles.calendar} data-testid="calendar-view" aria-busy={moving}>
          <DragAndDropCalendar
            localizer={calendarLocalizer}
            culture={culture}
            messages={messages}
            events={items}
            view={view}
            onView={setView}
            date={date}
            onNavigate={setDate}
            views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
            selectable={mode === 'mine'}
            onSelectSlot={onSelectSlot}
            onSelectEvent={onSelectEvent}
            draggableAccessor={movable}
            resizableAccessor={movable}
            resizable={view !== Views.MONTH}
            onEventDrop={onMove}
            onEventResize={onMove}
            popup
            scrollToTime={dayjs().hour(8).minute(0).toDate()}
            eventPropGetter={(item) => ({ style: { backgroundColor: calendarColourOf(item.row), borderColor: calendarColourOf(item.row) }, 'data-testid': `calendar-event-${item.row.key}` } as never)}
            tooltipAccessor={(item) => [item.title, item.row.location, item.row.ownerName].filter(Boolean).join(' · ')}
          />
        </div>
      )}
      {pending && <MoveScopeDialog move={pending} onChoose={choose} />}
      {editing && <EntryDialog target={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void load(); }} />}
      {viewing && (
        <Modal open footer={null} onCancel={() => setViewing(null)} title={viewing.title} data-testid="calendar-event-view">
          <Typography.Paragraph type="secondary">{t('calendar.page.readOnly')}</Typography.Paragraph>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('calendar.page.event')}>{t(`calendar.page.source.${viewing.source}`)}</Descriptions.Item>
            <Descriptions.Item label={t('entity.CalendarEntry.field.startTime')}>{viewing.start.slice(0, 16)}</Descriptions.Item>
            <Descriptions.Item label={t('entity.CalendarEntry.field.endTime')}>{viewing.end.slice(0, 16)}</Descriptions.Item>
            {viewing.location && <Descriptions.Item label={t('entity.CalendarEntry.field.location')}>{viewing.location}</Descriptions.Item>}
            <Descriptions.Item label={t('calendar.page.owner')}>{viewing.ownerName ?? ''}</Descriptions.Item>
          </Descriptions>
        </Modal>
      )}
    </Card>
  );
}
