import { Card, DatePicker, Empty, Segmented, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../request';

interface Resource { id: string; label: string; status: string }
interface Booking { applyId: string; title: string; startTime: string; endTime: string; vehicle: string | null; vehicleName: string | null; driver: string | null; driverName: string | null; applicantName: string | null }
interface Occupancy { start: string; end: string; vehicles: Resource[]; drivers: Resource[]; bookings: Booking[] }

const DAYS = 7;

/**
 * 车辆占用: which vehicle and which driver is taken when, over a week — what a dispatcher looks at
 * before 派车. The server refuses an overlapping dispatch anyway (vehicleDispatch.ts); this board
 * shows the free ones before trying.
 */
export function VehicleOccupancyPage() {
  const { t } = useTranslation();
  const [from, setFrom] = useState<Dayjs>(dayjs().startOf('day'));
  const [kind, setKind] = useState<'vehicle' | 'driver'>('vehicle');
  const [data, setData] = useState<Occupancy | null>(null);
  useEffect(() => {
    let current = true;
    request.get<Occupancy>('/get/office/getVehicleOccupancy', { start: from.format('YYYY-MM-DD'), end: from.add(DAYS - 1, 'day').format('YYYY-MM-DD') })
      .then((a) => { if (current) setData(a.data); }, () => { if (current) setData(null); });
    return () => { current = false; };
  }, [from]);

  const days = useMemo(() => Array.from({ length: DAYS }, (_, i) => from.add(i, 'day').format('YYYY-MM-DD')), [from]);
  const rows = (kind === 'vehicle' ? data?.vehicles : data?.drivers) ?? [];
  const columns: ColumnsType<Resource> = [
    { title: t(kind === 'vehicle' ? 'entity.OfficeVehicleApply.field.vehicle' : 'entity.OfficeVehicleApply.field.driver'), dataIndex: 'label', width: 150, fixed: 'left' },
    ...days.map((day) => ({
      title: day.slice(5), key: day, width: 150,
      render: (_: unknown, row: Resource) => {
        const taken = (data?.bookings ?? []).filter((b) => (kind === 'vehicle' ? b.vehicle : b.driver) === row.id && b.startTime.slice(0, 10) <= day && b.endTime.slice(0, 10) >= day);
        return (
          <Space direction="vertical" size={2}>
            {taken.map((b) => (
              <Tooltip key={b.applyId} title={`${b.title} · ${b.applicantName ?? ''} · ${kind === 'vehicle' ? b.driverName ?? '' : b.vehicleName ?? ''}`}>
                <Tag color="orange" style={{ marginInlineEnd: 0 }}>{b.startTime.slice(0, 10) < day ? '…' : b.startTime.slice(11, 16)}–{b.endTime.slice(0, 10) > day ? '…' : b.endTime.slice(11, 16)}</Tag>
              </Tooltip>
            ))}
          </Space>
        );
      },
    })),
  ];
  return (
    <Card title={t('menu.officeVehicleOccupancy')} data-testid="vehicle-occupancy"
      extra={(
        <Space>
          <Segmented value={kind} onChange={(v) => setKind(v as 'vehicle' | 'driver')}
            options={[{ value: 'vehicle', label: t('entity.OfficeVehicleApply.field.vehicle') }, { value: 'driver', label: t('entity.OfficeVehicleApply.field.driver') }]} />
          <DatePicker value={from} allowClear={false} onChange={(d) => d && setFrom(d.startOf('day'))} />
        </Space>
      )}>
      {rows.length === 0 ? <Empty /> : <Table rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: 150 + DAYS * 150 }} />}
    </Card>
  );
}
