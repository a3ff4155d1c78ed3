import { TeamOutlined } from '@ant-design/icons';
import { Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailsPath } from '../../../../runtime/react/paths';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

interface Visit {
  eventId: string; guestUnit: string; guestLeader: string | null; guestCount: number | null; level: string;
  arriveTime: string; leaveTime: string; hostName?: string | null;
}

/** The hospitality page of the menu (officeHospitality). */
const HOSPITALITY_PATH = '/office/hospitality';

/** 'YYYY-MM-DD HH:mm:ss' → 'MM-DD HH:mm'. */
const short = (time: string) => time.slice(5, 16);

/**
 * 近期接待: approved visits still to come or under way, nearest first — who arrives, when, how
 * many, and who hosts them (getOfficeHospitalityDesk: the reader's manage scope, or their own
 * visits as host or companion).
 */
export function OfficeHospitalityWidget() {
  const { t } = useTranslation();
  const { state, reload } = useWidgetData<Visit[]>('/get/office/getOfficeHospitalityDesk');
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  if (state.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.officeHospitality.none')} />;
  return (
    <List size="small" dataSource={state.data} data-testid="office-hospitality"
      renderItem={(visit) => (
        <List.Item key={visit.eventId} style={{ paddingInline: 0 }} data-testid={`office-visit-${visit.eventId}`}>
          <List.Item.Meta
            title={(
              <Space size={6} wrap>
                <Link to={detailsPath(HOSPITALITY_PATH, visit.eventId)}>{visit.guestUnit}</Link>
                {visit.level === 'important' && <Tag color="red">{t('entity.OfficeHospitality.level.important')}</Tag>}
              </Space>
            )}
            description={(
              <Space direction="vertical" size={0}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('desk.officeHospitality.period', { start: short(visit.arriveTime), end: short(visit.leaveTime) })}
                </Typography.Text>
                <Typography.Text style={{ fontSize: 12 }}>
                  <TeamOutlined /> {t('desk.officeHospitality.guests', { leader: visit.guestLeader ?? '', count: visit.guestCount ?? 0, host: visit.hostName ?? '' })}
                </Typography.Text>
              </Space>
            )} />
        </List.Item>
      )} />
  );
}
