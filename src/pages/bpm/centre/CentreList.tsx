import { Badge, Button, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { readNodeNames } from '../../../../runtime/core/bpm';
import { useDataLabel } from '../../../../runtime/react/format/useDataLabel';
import type { CentreRow, CentreTab } from './bpmCalls';

export interface CentreListProps {
  tab: CentreTab;
  rows: CentreRow[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  selected: string[];
  onSelect(taskIds: string[]): void;
  onPage(page: number, pageSize: number): void;
  onOpen(row: CentreRow): void;
  onDeleteDraft(row: CentreRow): void;
}

/** A request's status as a tag colour (the lists and 流程监控). */
export const STATUS_COLOURS: Record<string, string> = { running: 'processing', approved: 'success', rejected: 'error', terminated: 'default', draft: 'default' };

/** One list of the workflow centre: the columns its tab needs, paging, and selection for 批量同意 on 待办. */
export function CentreList({ tab, rows, total, page, pageSize, loading, selected, onSelect, onPage, onOpen, onDeleteDraft }: CentreListProps) {
  const { t } = useTranslation();
  // Process and node names are language-pack keys (the demo's) or what an author typed.
  const dataLabel = useDataLabel();
  const status = (value: string) => value ? <Tag color={STATUS_COLOURS[value] ?? 'default'}>{t(`bpmCentre.status.${value}`)}</Tag> : null;
  const columns: TableColumnsType<CentreRow> = [
    {
      title: t('bpmCentre.col.title'), dataIndex: 'title', ellipsis: true,
      render: (title: string, row) => (
        <a data-testid="centre-row-title" onClick={() => onOpen(row)}>
          {tab === 'cc' && row.taskStatus === 'pending' ? <Badge status="processing" style={{ marginRight: 6 }} /> : null}{title || dataLabel(row.processName)}
        </a>
      ),
    },
    { title: t('bpmCentre.col.process'), dataIndex: 'processName', width: 120, ellipsis: true, render: (name: string) => dataLabel(name) },
    ...(tab === 'draft' ? [] : [{
      title: t(tab === 'started' ? 'bpmCentre.col.node' : 'bpmCentre.col.myNode'), dataIndex: 'nodeName', width: 150, ellipsis: true,
      // 我发起的 answers the request's current steps, joined; the others the task's own step.
      render: (name: string) => (tab === 'started' ? readNodeNames(name, dataLabel, t('bpm.nodeSeparator')) : dataLabel(name ?? '')),
    }]),
    ...(tab === 'started' || tab === 'draft' ? [] : [{ title: t('bpmCentre.col.starter'), dataIndex: 'startUserName', width: 100 }]),
    ...(tab === 'done' ? [{ title: t('bpmCentre.col.decision'), dataIndex: 'decision', width: 100, render: (d: string) => (d ? t(`bpmCentre.decision.${d}`) : '') }] : []),
    ...(tab === 'cc' ? [{
      title: t('bpmCentre.col.read'), dataIndex: 'taskStatus', width: 80,
      render: (s: string) => t(s === 'pending' ? 'bpmCentre.cc.unread' : 'bpmCentre.cc.read'),
    }] : []),
    {
      title: t(tab === 'done' ? 'bpmCentre.col.doneTime' : tab === 'started' ? 'bpmCentre.col.startTime' : 'bpmCentre.col.createTime'),
      dataIndex: tab === 'done' ? 'doneTime' : 'createTime', width: 170,
    },
    { title: t('bpmCentre.col.status'), dataIndex: 'status', width: 100, render: status },
    {
      title: t('bpmCentre.col.action'), key: 'action', width: tab === 'draft' ? 160 : 90,
      render: (_: unknown, row) => (
        <Space size={4}>
          <Button type="link" size="small" data-testid="centre-row-open" onClick={() => onOpen(row)}>
            {t(tab === 'todo' ? 'bpmCentre.open' : tab === 'draft' ? 'bpmCentre.resume' : 'bpmCentre.view')}
          </Button>
          {row.draftId && (
            <Popconfirm title={t('bpmCentre.deleteDraftConfirm')} onConfirm={() => onDeleteDraft(row)}>
              <Button type="link" size="small" danger data-testid="centre-draft-delete">{t('bpmCentre.deleteDraft')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<CentreRow>
      data-testid={`centre-list-${tab}`}
      rowKey={(row) => row.taskId ?? row.draftId ?? row.instanceId ?? ''}
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 900 }}
      rowSelection={tab === 'todo' ? {
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(String)),
        getCheckboxProps: (row) => ({ disabled: !row.batchAgree, 'data-testid': 'centre-row-check' } as object),
        renderCell: (_checked, row, _index, node) => (row.batchAgree ? node : <Tooltip title={t('bpmCentre.batchNotAllowed')}>{node}</Tooltip>),
      } : undefined}
      pagination={{
        current: page, pageSize, total, showSizeChanger: true, showTotal: (n) => t('bpmCentre.total', { total: n }),
        onChange: onPage,
      }}
    />
  );
}
