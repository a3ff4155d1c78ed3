import { List, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RuntimeProvider, useRuntime } from '../../../../runtime/react';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { useRuntimeServices } from '../../../runtime/useRuntimeServices';
import { MobileFrame } from '../../mobile/MobileFrame';
import { BpmTaskPage } from './BpmTaskPage';
import type { CentreRow } from './bpmCalls';

/** /app/bpm: the caller's open to-dos at phone width, each opening the task at /app/bpm/task. */
export function MobileTodoPage() {
  const services = useRuntimeServices();
  const { t } = useTranslation();
  return (
    <RuntimeProvider services={services}>
      <MobileFrame title={t('bpmCentre.mobile.todo')} back="/app">
        <TodoList />
      </MobileFrame>
    </RuntimeProvider>
  );
}

function TodoList() {
  const { t } = useTranslation();
  const dataLabel = useDataLabel();
  const { request } = useRuntime();
  const [rows, setRows] = useState<CentreRow[] | null>(null);
  useEffect(() => {
    void request.get<{ list: CentreRow[] }>('/get/bpm/getMyTodoList', { pageSize: 50 }).then((answer) => setRows(answer.data.list)).catch(() => setRows([]));
  }, [request]);
  if (!rows) return <Spin style={{ display: 'block', margin: 32 }} />;
  return (
    <List
      data-testid="mobile-todo-list"
      locale={{ emptyText: t('bpmCentre.mobile.empty') }}
      dataSource={rows}
      renderItem={(row) => (
        <List.Item style={{ minHeight: 56, padding: '10px 12px', background: '#fff' }}>
          <Link to={`/app/bpm/task?taskId=${encodeURIComponent(row.taskId ?? '')}`} style={{ display: 'block', width: '100%' }} data-testid="mobile-todo-item">
            <Typography.Text strong ellipsis style={{ display: 'block' }}>{row.title}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <Tag>{dataLabel(row.processName)}</Tag>{dataLabel(row.nodeName ?? '')} · {row.startUserName} · {row.createTime.slice(5, 16)}
            </Typography.Text>
          </Link>
        </List.Item>
      )}
    />
  );
}

/** /app/bpm/task?taskId=…: the task screen in one column. */
export function MobileTaskPage() {
  const { t } = useTranslation();
  return (
    <MobileFrame title={t('bpmCentre.mobile.todo')} back={-1} backFallback="/app/bpm">
      <BpmTaskPage action="dowork" compact />
    </MobileFrame>
  );
}
