import { DatePicker, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { readNodeNames } from '../../../../runtime/core/bpm';
import { callPath } from '../../../../runtime/core/naming';
import { useRuntime } from '../../../../runtime/react';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import { UserSelect } from '../../../../runtime/react/form/widgets/UserSelect';
import { USER_SELECT_PATH } from '../../../../runtime/react/schema/remoteSelectPath';
import { MONITOR_STATUSES, readPath, type MonitorFilter, type MonitorRow } from './bpmCalls';
import { STATUS_COLOURS } from './CentreList';
import { TerminateButton } from './TerminateButton';

const DAY = 'YYYY-MM-DD';

interface ListState { rows: MonitorRow[]; total: number; loading: boolean }

/**
 * 流程监控, the 流程中心 tab of the process administrators: every request, filtered by keyword,
 * status, process, initiator and the day it started; 查看 opens the read screen, 终止 (running
 * requests) asks for the reason (docs/WORKFLOW.md › Screens).
 */
export function MonitorTab() {
  const { t } = useTranslation();
  const { request } = useRuntime();
  const navigate = useNavigate();
  const dataLabel = useDataLabel();
  const [filter, setFilter] = useState<MonitorFilter>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [list, setList] = useState<ListState>({ rows: [], total: 0, loading: true });
  const [processes, setProcesses] = useState<{ value: string; label: string }[]>([]);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    void request.get<{ list: { processKey: string; processName: string }[] }>(callPath('bpm', 'BpmProcess', 'list'), { pageSize: 200 }, { quiet: true })
      .then((answer) => setProcesses(answer.data.list.map((p) => ({ value: p.processKey, label: dataLabel(p.processName) }))))
      .catch(() => setProcesses([]));
  }, [request, dataLabel]);

  useEffect(() => {
    let live = true;
    setList((current) => ({ ...current, loading: true }));
    const params = Object.fromEntries(Object.entries({ ...filter, ...paging }).filter(([, v]) => v !== undefined && v !== ''));
    void request.get<{ list: MonitorRow[]; total: number }>('/get/bpm/getInstanceList', params)
      .then((answer) => { if (live) setList({ rows: answer.data.list, total: answer.data.total, loading: false }); })
      .catch(() => { if (live) setList({ rows: [], total: 0, loading: false }); });
    return () => { live = false; };
  }, [request, filter, paging, reload]);

  const change = (patch: MonitorFilter) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const columns: TableColumnsType<MonitorRow> = [
    {
      title: t('bpmCentre.col.title'), dataIndex: 'title', ellipsis: true,
      render: (title: string, row) => <a data-testid="monitor-row-title" onClick={() => navigate(readPath(row.instanceId))}>{title}</a>,
    },
    { title: t('bpmCentre.col.process'), dataIndex: 'processName', width: 130, ellipsis: true, render: (name: string) => dataLabel(name) },
    { title: t('bpmCentre.col.node'), dataIndex: 'currentNodes', width: 150, ellipsis: true, render: (nodes: string) => readNodeNames(nodes, dataLabel, '、') },
    { title: t('bpmCentre.col.starter'), dataIndex: 'startUserName', width: 100 },
    { title: t('bpmCentre.col.startTime'), dataIndex: 'createTime', width: 170 },
    { title: t('bpmMonitor.col.endTime'), dataIndex: 'endTime', width: 170 },
    {
      title: t('bpmCentre.col.status'), dataIndex: 'status', width: 100,
      render: (value: string) => <Tag color={STATUS_COLOURS[value] ?? 'default'}>{t(`bpmCentre.status.${value}`)}</Tag>,
    },
    {
      title: t('bpmCentre.col.action'), key: 'action', width: 150,
      render: (_: unknown, row) => (
        <Space size={4}>
          <a data-testid="monitor-row-view" onClick={() => navigate(readPath(row.instanceId))}>{t('bpmCentre.view')}</a>
          {row.status === 'running' && <TerminateButton link instanceId={row.instanceId} title={row.title} onDone={() => setReload((n) => n + 1)} />}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap data-testid="monitor-filters">
        <Input.Search allowClear style={{ width: 240 }} placeholder={t('bpmCentre.keyword')} data-testid="monitor-keyword"
          onSearch={(value) => change({ keyword: value.trim() || undefined })} />
        <Select allowClear style={{ width: 130 }} placeholder={t('bpmCentre.col.status')} data-testid="monitor-status" value={filter.status}
          options={MONITOR_STATUSES.map((s) => ({ value: s, label: t(`bpmCentre.status.${s}`) }))}
          onChange={(status?: string) => change({ status })} />
        <Select allowClear showSearch optionFilterProp="label" style={{ width: 180 }} placeholder={t('bpmCentre.col.process')} data-testid="monitor-process"
          value={filter.processKey} options={processes} onChange={(processKey?: string) => change({ processKey })} />
        <div style={{ width: 200 }}>
          <UserSelect url={USER_SELECT_PATH} value={filter.startUserId} placeholder={t('bpmCentre.col.starter')} data-testid="monitor-starter"
            onChange={(v) => change({ startUserId: v ? String(v) : undefined })} />
        </div>
        <DatePicker.RangePicker allowEmpty={[true, true]} value={range} data-testid="monitor-range"
          onChange={(value) => { setRange(value); change({ dateFrom: value?.[0]?.format(DAY), dateTo: value?.[1]?.format(DAY) }); }} />
      </Space>
      <Table<MonitorRow>
        data-testid="monitor-list"
        rowKey="instanceId"
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        scroll={{ x: 1000 }}
        pagination={{
          current: paging.page, pageSize: paging.pageSize, total: list.total, showSizeChanger: true,
          showTotal: (n) => t('bpmCentre.total', { total: n }), onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
      />
    </>
  );
}
