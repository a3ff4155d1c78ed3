import { Empty, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { detailsPath } from '../../../../runtime/react/paths';
import { useWidgetData } from './useWidgetData';
import { WidgetStatus } from './WidgetStatus';

interface ContractRow { contractId: string; contractNo: string; userId: string; userIdName?: string; endDate: string }
interface ContractPage { list: ContractRow[]; total: number }

const CONTRACT_PATH = '/hr/contract';
/** The same horizon as the reminder job (remindExpiringContracts). */
const HORIZON_DAYS = 30;
const SHOWN = 8;

/**
 * Employment contracts ending within 30 days, soonest first — read through the contract list
 * call, so the server applies the reader's permission and data scope (HR sees its unit, others
 * what their roles grant; without the list permission the card says so).
 */
export function ContractExpiringWidget() {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  const horizon = dayjs().add(HORIZON_DAYS, 'day').format('YYYY-MM-DD');
  const { state, reload } = useWidgetData<ContractPage>('/get/hr/getHrContractList', {
    page: 1, pageSize: SHOWN, prop: 'endDate', order: 'ascending',
    filterObj: JSON.stringify({ endDate: { value: [today, horizon] } }),
  });
  if (state.status !== 'ready') return <WidgetStatus state={state} onRetry={reload} />;
  if (state.data.list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.contracts.none', { days: HORIZON_DAYS })} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="expiring-contracts">
      <List size="small" dataSource={state.data.list}
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
      {state.data.total > state.data.list.length && (
        <Link to={CONTRACT_PATH}>{t('desk.contracts.more', { count: state.data.total })}</Link>
      )}
    </Space>
  );
}
