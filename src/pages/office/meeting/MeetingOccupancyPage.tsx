import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, Segmented, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../../../request';
import {
  bookingAt, bookingFormPath, opensBooking, slotPassed, SLOT_HOURS, type RoomBooking, type RoomOccupancy,
} from './roomSlots';
import styles from './meetingOccupancy.module.css';

/** The booking page (schemas/office/module.json, officeMeeting): its save screen takes the slot. */
const MEETING_PATH = '/office/meeting';
const DAY = 'YYYY-MM-DD';
type Mode = 'day' | 'week';

const pad = (n: number) => String(n).padStart(2, '0');

interface SlotProps {
  room: RoomOccupancy;
  day: string;
  hour: number;
  now: string;
  /** The week's narrow bars: no text inside, the tooltip says it all. */
  compact: boolean;
  onBook(room: RoomOccupancy, day: string, hour: number): void;
}

/** One hour of one room: taken (by whom, from the tooltip), passed, or free — a click books it. */
function Slot({ room, day, hour, now, compact, onBook }: SlotProps) {
  const { t } = useTranslation();
  const booking = bookingAt(room.bookings, day, hour);
  const slotId = `${room.roomId}-${day}-${pad(hour)}`;
  if (booking) return <TakenSlot booking={booking} slotId={slotId} label={!compact && opensBooking(booking, day, hour) ? booking.title : ''} />;
  if (slotPassed(day, hour, now)) return <div className={`${styles.slot} ${styles.passed}`} />;
  const label = t('officeScreens.occupancy.bookSlot', { room: room.name, day, start: `${pad(hour)}:00`, end: `${pad(hour + 1)}:00` });
  return (
    <Tooltip title={label} mouseEnterDelay={0.3}>
      <button type="button" className={`${styles.slot} ${styles.free}`} aria-label={label} data-testid={`occupancy-free-${slotId}`}
        onClick={() => onBook(room, day, hour)}>{compact ? '' : '+'}</button>
    </Tooltip>
  );
}

function TakenSlot({ booking, slotId, label }: { booking: RoomBooking; slotId: string; label: string }) {
  const { t } = useTranslation();
  const tip = `${booking.title} · ${booking.hostName ?? ''} · ${booking.startTime.slice(5, 16)}–${booking.endTime.slice(11, 16)} · ${t(`entity.OfficeMeeting.state.${booking.status}`)}`;
  return (
    <Tooltip title={tip}>
      <div className={`${styles.slot} ${styles[booking.status]}`} data-testid={`occupancy-taken-${slotId}`} data-meeting={booking.meetingId}>{label}</div>
    </Tooltip>
  );
}

/** The days shown: the chosen day, or Monday to Sunday of its week. */
function shownDays(mode: Mode, date: Dayjs): string[] {
  if (mode === 'day') return [date.format(DAY)];
  const monday = date.subtract((date.day() + 6) % 7, 'day');
  return Array.from({ length: 7 }, (_, i) => monday.add(i, 'day').format(DAY));
}

/**
 * 会议室占用: the open rooms against the hours of a day, or of a week, with the active bookings
 * (approved and awaiting approval) of getOfficeMeetingRoomOccupancy. A free hour opens the booking
 * form with the room and the hour filled in; the server still refuses a clash when it is saved
 * (server/modules/office/roomClash.ts), should someone book the slot meanwhile.
 */
export function MeetingOccupancyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('day');
  const [date, setDate] = useState<Dayjs>(() => dayjs().startOf('day'));
  const [rooms, setRooms] = useState<RoomOccupancy[] | null>(null);
  const days = useMemo(() => shownDays(mode, date), [mode, date]);

  useEffect(() => {
    let current = true;
    setRooms(null);
    request.get<RoomOccupancy[]>('/get/office/getOfficeMeetingRoomOccupancy', { start: days[0], end: days[days.length - 1] })
      .then((answer) => { if (current) setRooms(answer.data); }, () => { if (current) setRooms([]); });
    return () => { current = false; };
  }, [days]);

  const now = dayjs().format('YYYY-MM-DD HH:mm:ss');
  const book = (room: RoomOccupancy, day: string, hour: number) => navigate(bookingFormPath(MEETING_PATH, room, day, hour));
  const slot = (room: RoomOccupancy, day: string, hour: number, compact: boolean) => (
    <Slot key={hour} room={room} day={day} hour={hour} now={now} compact={compact} onBook={book} />
  );

  const roomColumn: ColumnsType<RoomOccupancy>[number] = {
    title: t('entity.OfficeMeeting.field.room'), key: 'room', width: 170, fixed: 'left',
    render: (_: unknown, room: RoomOccupancy) => (
      <Space direction="vertical" size={0}>
        <Typography.Text strong>{room.name}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[room.location, room.capacity ? t('officeScreens.occupancy.capacity', { count: room.capacity }) : ''].filter(Boolean).join(' · ')}
        </Typography.Text>
      </Space>
    ),
  };
  const columns: ColumnsType<RoomOccupancy> = mode === 'day'
    ? [roomColumn, ...SLOT_HOURS.map((hour) => ({
      title: `${pad(hour)}:00`, key: `h${hour}`, width: 72,
      render: (_: unknown, room: RoomOccupancy) => slot(room, days[0], hour, false),
    }))]
    : [roomColumn, ...days.map((day) => ({
      title: `${day.slice(5)} ${t(`officeScreens.weekday.${dayjs(day).day()}`)}`, key: day, width: SLOT_HOURS.length * 13 + 16,
      render: (_: unknown, room: RoomOccupancy) => <div className={styles.strip}>{SLOT_HOURS.map((hour) => slot(room, day, hour, true))}</div>,
    }))];
  const step = mode === 'day' ? 'day' : 'week';

  return (
    <Card title={t('menu.officeMeetingOccupancy')} data-testid="meeting-occupancy"
      extra={(
        <Space wrap>
          <Segmented<Mode> value={mode} onChange={setMode} data-testid="occupancy-mode"
            options={[{ value: 'day', label: t('officeScreens.occupancy.day') }, { value: 'week', label: t('officeScreens.occupancy.week') }]} />
          <Button icon={<LeftOutlined />} aria-label={t('officeScreens.occupancy.previous')} data-testid="occupancy-previous" onClick={() => setDate(date.subtract(1, step))} />
          <DatePicker value={date} allowClear={false} data-testid="occupancy-date" onChange={(d) => d && setDate(d.startOf('day'))} />
          <Button icon={<RightOutlined />} aria-label={t('officeScreens.occupancy.next')} data-testid="occupancy-next" onClick={() => setDate(date.add(1, step))} />
          <Button onClick={() => setDate(dayjs().startOf('day'))}>{t('officeScreens.occupancy.today')}</Button>
        </Space>
      )}>
      <Space size="large" wrap style={{ marginBottom: 12 }}>
        <span><i className={`${styles.legend} ${styles.approved}`} />{t('entity.OfficeMeeting.state.approved')}</span>
        <span><i className={`${styles.legend} ${styles.applied}`} />{t('entity.OfficeMeeting.state.applied')}</span>
        <span><i className={`${styles.legend} ${styles.free}`} />{t('officeScreens.occupancy.free')}</span>
        <Typography.Text type="secondary">{t('officeScreens.occupancy.hint')}</Typography.Text>
      </Space>
      {rooms !== null && rooms.length === 0
        ? <Empty description={t('officeScreens.occupancy.noRooms')} />
        : (
          <Table<RoomOccupancy> rowKey="roomId" size="small" bordered loading={rooms === null} columns={columns} dataSource={rooms ?? []}
            pagination={false} scroll={{ x: 170 + (mode === 'day' ? SLOT_HOURS.length * 72 : days.length * (SLOT_HOURS.length * 13 + 16)) }} />
        )}
    </Card>
  );
}
