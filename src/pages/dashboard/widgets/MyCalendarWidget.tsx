import { Button, Empty, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { integerSetting } from '../../../../runtime/core/portal';
import { calendarColourOf, type CalendarEvent } from '../../../../runtime/core/calendar';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

const CALENDAR_PATH = '/calendar/schedule';

/** The day's heading: 今天, 明天, then the weekday. */
function dayLabel(t: TFunction, offset: number, day: dayjs.Dayjs): string {
  if (offset === 0) return t('desk.myCalendar.today');
  if (offset === 1) return t('desk.myCalendar.tomorrow');
  return t(`desk.myCalendar.weekday.${day.day()}`);
}

/**
 * 我的日程 (desk code myCalendar): the calendar of today and the days after it (the portal cell's
 * `days`, two by default) — own entries, those naming the user, approved meetings, public leader
 * activities — through getMyCalendar, by start time.
 */
export function MyCalendarWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const shownDays = integerSetting('myCalendar', widget.settings, 'days');
  const today = dayjs().startOf('day');
  const { state, reload } = useWidgetData<CalendarEvent[]>('/get/calendar/getMyCalendar', {
    start: today.format('YYYY-MM-DD'), end: today.add(shownDays, 'day').format('YYYY-MM-DD'),
  });
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  const days = Array.from({ length: shownDays }, (_, offset) => {
    const day = today.add(offset, 'day');
    const dayStart = day.format('YYYY-MM-DD 00:00:00');
    const dayEnd = day.add(1, 'day').format('YYYY-MM-DD 00:00:00');
    return { offset, label: dayLabel(t, offset, day), date: day.format('MM-DD'),
      rows: state.data.filter((row) => row.start < dayEnd && row.end >= dayStart) };
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4} data-testid="my-calendar-widget">
      {days.map((day) => (
        <div key={day.offset} data-testid={`my-calendar-day-${day.offset}`}>
          <Typography.Text strong>{day.label}</Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>{day.date}</Typography.Text>
          {day.rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: '4px 0' }} description={t('desk.myCalendar.none')} />
          ) : (
            <List size="small" dataSource={day.rows}
              renderItem={(row) => (
                <List.Item key={row.key} style={{ paddingInline: 0 }}>
                  <Space size={6} wrap>
                    <Tag color={calendarColourOf(row)} style={{ minWidth: 52, textAlign: 'center' }}>
                      {row.allDay ? t('desk.myCalendar.allDay') : row.start.slice(11, 16)}
                    </Tag>
                    <Typography.Text>{row.title}</Typography.Text>
                    {row.location && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{row.location}</Typography.Text>}
                  </Space>
                </List.Item>
              )} />
          )}
        </div>
      ))}
      <Link to={CALENDAR_PATH}><Button type="link" size="small" style={{ paddingInline: 0 }}>{t('desk.myCalendar.open')}</Button></Link>
    </Space>
  );
}
