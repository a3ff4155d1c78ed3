import { Empty, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailsPath } from '../../../../runtime/react/paths';
import { integerSetting } from '../../../../runtime/core/portal';
import type { DeskWidgetProps } from './DeskWidgetProps';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

interface ContractRow { contractId: string; contractNo: string; userId: string; userIdName?: string; endDate: string }

const CONTRACT_PATH = '/hr/contract';
/** The server's horizon (CONTRACT_NOTICE_DAYS, the reminder job's): said in the empty card. */
const HORIZON_DAYS = 30;

/**
 * Employment contracts ending within 30 days, soonest first — getExpiringContractList, the
 * spec's desk call: HR sees those of its data scope, anyone else their own contract, so the card
 * serves whatever role the administrator shows it to. The first `count` are listed.
 */
export function ContractExpiringWidget({ widget }: DeskWidgetProps) {
  const { t } = useTranslation();
  const shown = integerSetting('contractExpiring', widget.settings, 'count');
  const today = dayjs().format('YYYY-MM-DD');
  const { state, reload } = useWidgetData<ContractRow[]>('/get/hr/getExpiringContractList');
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  if (state.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.contracts.none', { days: HORIZON_DAYS })} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="expiring-contracts">
      <List size="small" dataSource={state.data.slice(0, shown)}
        renderItem={(row) => {
          const days = dayjs(row.endDate).diff(dayjs(today), 'day');
          return (
            <List.Item key={row.contractId} style={{ paddingInline: 0 }} data-testid={`expiring-contract-${row.contractId}`}
              extra={<Tag color={days <= 7 ? 'red' : 'orange'}>{days === 0 ? t('desk.contracts.today') : t('desk.contracts.daysLeft', { count: days })}</Tag>}>
              <Space size={6} wrap>
                <Link to={detailsPath(CONTRACT_PATH, row.contractId)}>{row.contractNo}</Link>
                <Typography.Text>{row.userIdName ?? ''}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{row.endDate}</Typography.Text>
              </Space>
            </List.Item>
          );
        }} />
      {state.data.length > shown && (
        <Link to={CONTRACT_PATH}>{t('desk.contracts.more', { count: state.data.length })}</Link>
      )}
    </Space>
  );
}
