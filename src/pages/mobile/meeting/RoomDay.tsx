import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { namedCallPath } from '../../../../runtime/core/naming';
import type { FlowDef } from '../../../../runtime/core/schema/types';
import { useRuntime } from '../../../../runtime/react';
import { flowStateOf } from '../../../../runtime/react/format/fieldValues';
import type { RoomOccupancy } from '../../office/meeting/roomSlots';
import { BAR_END_MINUTE, BAR_HOURS, BAR_START_MINUTE, daySegment } from './daySegment';
import styles from '../mobile.module.css';

const DATE = 'YYYY-MM-DD';
/** The bar's colours of the state tags' colour names (antd's preset colours), so bar and tag agree. */
const BAR_COLOURS: Record<string, string> = { green: '#52c41a', orange: '#fa8c16', blue: '#1677ff', red: '#ff4d4f' };
const hourLeft = (hour: number) => `${((hour * 60 - BAR_START_MINUTE) / (BAR_END_MINUTE - BAR_START_MINUTE)) * 100}%`;

/**
 * The rooms' day on a phone (read-only): each open room with a bar of its working hours, the
 * taken stretches coloured by state, and the bookings as lines (time, title, host). The day moves
 * with the arrows; booking is the family's 预约 button.
 */
export function RoomDay({ base, flow }: { base: string; flow: FlowDef | undefined }) {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const [date, setDate] = useState(() => dayjs().format(DATE));
  const [rooms, setRooms] = useState<RoomOccupancy[] | Error | null>(null);

  useEffect(() => {
    let live = true;
    setRooms(null);
    request.get<RoomOccupancy[]>(namedCallPath(base, 'get', 'getOfficeMeetingRoomOccupancy'), { date }, { quiet: true }).then(
      (answer) => { if (live) setRooms(answer.data); },
      (error: unknown) => { if (live) setRooms(error instanceof Error ? error : new Error(String(error))); },
    );
    return () => { live = false; };
  }, [request, base, date]);

  const move = (days: number) => setDate(dayjs(date).add(days, 'day').format(DATE));
  const today = date === dayjs().format(DATE);
  return (
    <div data-testid="mobile-room-day" data-date={date}>
      <div className={styles.dayPicker}>
        <Button icon={<LeftOutlined />} onClick={() => move(-1)} aria-label={t('mobileOffice.meeting.previousDay')} data-testid="mobile-day-previous" />
        <Typography.Text strong data-testid="mobile-day">{today ? t('mobileOffice.meeting.today', { date }) : date}</Typography.Text>
        <Button icon={<RightOutlined />} onClick={() => move(1)} aria-label={t('mobileOffice.meeting.nextDay')} data-testid="mobile-day-next" />
      </div>
      {rooms === null && <div style={{ textAlign: 'center', padding: 24 }}><Spin /></div>}
      {rooms instanceof Error && <Result status="warning" title={rooms.message} />}
      {Array.isArray(rooms) && rooms.length === 0 && <Empty description={t('mobileOffice.meeting.noRooms')} />}
      {Array.isArray(rooms) && rooms.map((room) => (
        <Card key={room.roomId} size="small" className={styles.card} style={{ marginBottom: 8 }} data-testid={`mobile-room-${room.roomId}`}
          title={room.name} extra={room.capacity ? t('mobileOffice.meeting.capacity', { count: room.capacity }) : null}>
          {room.location && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{room.location}</Typography.Text>}
          <div className={styles.roomBar}>
            {room.bookings.map((booking) => {
              const segment = daySegment(date, booking.startTime, booking.endTime);
              const colour = BAR_COLOURS[flowStateOf(flow, booking.status)?.color ?? ''] ?? BAR_COLOURS.blue;
              return segment && (
                <span key={booking.meetingId} className={styles.roomBarTaken} title={booking.title}
                  style={{ left: `${segment.left}%`, width: `${segment.width}%`, background: colour }} />
              );
            })}
          </div>
          <div className={styles.roomHours}>
            {BAR_HOURS.map((hour) => <span key={hour} style={{ left: hourLeft(hour) }}>{`${hour}:00`}</span>)}
          </div>
          {room.bookings.length === 0 ? (
            <Typography.Text type="success" data-testid="mobile-room-free">{t('mobileOffice.meeting.free')}</Typography.Text>
          ) : room.bookings.map((booking) => {
            const state = flowStateOf(flow, booking.status);
            return (
              <div key={booking.meetingId} className={styles.roomBooking} data-testid="mobile-room-booking">
                <span className={styles.roomBookingTime}>{booking.startTime.slice(11, 16)}–{booking.endTime.slice(11, 16)}</span>
                <span className={styles.roomBookingTitle}>{booking.title}{booking.hostName ? ` · ${booking.hostName}` : ''}</span>
                {state && <Tag color={state.color} style={{ marginInlineEnd: 0 }}>{t(state.label)}</Tag>}
              </div>
            );
          })}
        </Card>
      ))}
    </div>
  );
}
