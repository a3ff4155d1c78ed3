import { Button, Empty, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { colourOf, type CalendarEventRow } from '../../calendar/calendarTypes';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

const CALENDAR_PATH = '/calendar/schedule';

/**
 * 我的日程 (desk code myCalendar): today's and tomorrow's calendar — own entries, those naming
 * the user, approved meetings, public leader activities — through getMyCalendar, by start time.
 */
export function MyCalendarWidget() {
  const { t } = useTranslation();
  const today = dayjs().startOf('day');
  const { state, reload } = useWidgetData<CalendarEventRow[]>('/get/calendar/getMyCalendar', {
    start: today.format('YYYY-MM-DD'), end: today.add(2, 'day').format('YYYY-MM-DD'),
  });
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  const days = [0, 1].map((offset) => {
    const day = today.add(offset, 'day');
    const dayStart = day.format('YYYY-MM-DD 00:00:00');
    const dayEnd = day.add(1, 'day').format('YYYY-MM-DD 00:00:00');
    return { offset, label: t(offset === 0 ? 'desk.myCalendar.today' : 'desk.myCalendar.tomorrow'), date: day.format('MM-DD'),
      rows: state.data.filter((row) => row.start < dayEnd && row.end >= dayStart) };
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4} data-testid="my-calendar-widget">
      {days.map((day) => (
        <div key={day.offset}>
          <Typography.Text strong>{day.label}</Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>{day.date}</Typography.Text>
          {day.rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: '4px 0' }} description={t('desk.myCalendar.none')} />
          ) : (
            <List size="small" dataSource={day.rows}
              renderItem={(row) => (
                <List.Item key={row.key} style={{ paddingInline: 0 }}>
                  <Space size={6} wrap>
                    <Tag color={colourOf(row)} style={{ minWidth: 52, textAlign: 'center' }}>
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
