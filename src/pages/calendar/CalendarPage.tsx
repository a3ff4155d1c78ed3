import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Modal, Segmented, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Calendar, type SlotInfo, type View, Views } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { request } from '../../request';
import { ShellRuntime } from '../../runtime/ShellRuntime';
import { calendarCulture, calendarLocalizer, calendarMessages } from './calendarLocalizer';
import { colourOf, type CalendarEventRow, type CalendarItem, type Subordinate } from './calendarTypes';
import { EntryDialog, type EntryTarget } from './EntryDialog';
import { rangeOf } from './calendarRangeOf';
import styles from './calendarPage.module.css';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

type Mode = 'mine' | 'subordinates';

const toItem = (row: CalendarEventRow): CalendarItem => ({ title: row.title, start: dayjs(row.start).toDate(), end: dayjs(row.end).toDate(), allDay: row.allDay, row });

/**
 * 我的日程: the caller's calendar (own entries, entries naming them, approved meeting bookings,
 * public leader activities) by month, week, day or agenda; a click on a free slot creates an
 * entry, a click on an own entry edits it (moving it is done in the dialog: the drag-and-drop
 * addon's CommonJS build did not load in the production bundle). 下属日程
 * shows the people of the departments the caller leads, one or all, private entries as busy.
 */
/** 我的日程 / 下属日程; its entry dialog's people picker is a runtime widget. */
export function CalendarPage() {
  return <ShellRuntime><CalendarView /></ShellRuntime>;
}

function CalendarView() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('mine');
  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState<Date>(() => (params.get('date') && dayjs(params.get('date')).isValid() ? dayjs(params.get('date')).toDate() : new Date()));
  const [rows, setRows] = useState<CalendarEventRow[]>([]);
  const [subordinates, setSubordinates] = useState<Subordinate[] | null>(null);
  const [person, setPerson] = useState<string>('');
  const [editing, setEditing] = useState<EntryTarget | null>(null);
  const [viewing, setViewing] = useState<CalendarEventRow | null>(null);
  const culture = calendarCulture(i18n.language);
  const range = useMemo(() => rangeOf(view, date, culture), [view, date, culture]);

  const load = useCallback(async () => {
    const span = { start: range.start.format(FORMAT), end: range.end.format(FORMAT) };
    if (mode === 'mine') {
      const answer = await request.get<CalendarEventRow[]>('/get/calendar/getMyCalendar', span);
      setRows(answer.data);
    } else {
      const answer = await request.get<{ users: Subordinate[]; events: CalendarEventRow[] }>('/get/calendar/getSubordinateCalendar', { ...span, ...(person ? { userId: person } : {}) });
      setSubordinates(answer.data.users);
      setRows(answer.data.events);
    }
  }, [mode, person, range]);
  useEffect(() => { void load().catch(() => setRows([])); }, [load]);

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
          {(['work', 'meeting', 'visit', 'trip', 'personal'] as const).map((type) => (
            <Tag key={type} color={colourOf({ entryType: type, source: 'entry', busy: false })}>{t(`entity.CalendarEntry.type.${type}`)}</Tag>
          ))}
          <Tag color={colourOf({ entryType: null, source: 'leader', busy: false })}>{t('calendar.page.source.leader')}</Tag>
        </Space>
      }
    >
      {mode === 'subordinates' && subordinates && subordinates.length === 0 ? (
        <Empty description={t('calendar.page.noSubordinates')} data-testid="calendar-no-subordinates" />
      ) : (
        <div className={styles.calendar} data-testid="calendar-view">
          <Calendar<CalendarItem>
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
            popup
            scrollToTime={dayjs().hour(8).minute(0).toDate()}
            eventPropGetter={(item) => ({ style: { backgroundColor: colourOf(item.row), borderColor: colourOf(item.row) }, 'data-testid': `calendar-event-${item.row.key}` } as never)}
            tooltipAccessor={(item) => [item.title, item.row.location, item.row.ownerName].filter(Boolean).join(' · ')}
          />
        </div>
      )}
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
