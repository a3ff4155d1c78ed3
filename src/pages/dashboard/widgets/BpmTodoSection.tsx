import { Badge, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { useWidgetData } from './useWidgetData';

interface TodoRow { taskId: string; title: string; processName: string; createTime: string }

const CENTRE_PATH = '/bpm/center';

/**
 * The desk's workflow to-dos (待办流程): the count and the newest few from the engine, each
 * opening its task; those of one process only when `processKey` is given (the cell's setting).
 */
export function BpmTodoSection({ processKey = '' }: { processKey?: string }) {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const { state } = useWidgetData<{ list: TodoRow[]; total: number }>('/get/bpm/getMyTodoList', { pageSize: 5, ...(processKey ? { processKey } : {}) });
  if (state.status !== 'ready') return null;
  const { list, total } = state.data;
  return (
    <div data-testid="pending-bpm">
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong>{t('bpmCentre.desk.todo')} <Badge count={total} showZero overflowCount={999} data-testid="pending-bpm-count" /></Typography.Text>
        <Link to={CENTRE_PATH}>{t('bpmCentre.desk.more')}</Link>
      </Space>
      <List size="small" dataSource={list} split={false}
        renderItem={(row) => (
          <List.Item key={row.taskId} style={{ paddingInline: 0 }}
            extra={<Typography.Text type="secondary" style={{ fontSize: 12 }}><RelativeTime time={row.createTime} /></Typography.Text>}>
            <Link to={`/bpm/handle/dowork?taskId=${encodeURIComponent(row.taskId)}`} data-testid="pending-bpm-item">【{dataLabel(row.processName)}】{row.title}</Link>
          </List.Item>
        )} />
    </div>
  );
}
