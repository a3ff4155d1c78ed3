import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, DatePicker, Empty, Grid, Row, Segmented, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HR_ANALYSIS_TOPICS, type HrAnalysisTable } from '../../../../runtime/core/hrAnalysis/topics';
import { TreeReferenceSelect } from '../../../../runtime/react/form/widgets/TreeReferenceSelect';
import { DEPARTMENT_TREE_PATH } from '../../../../runtime/react/data/useEntityTree';
import { RuntimeProvider } from '../../../../runtime/react';
import { LazyChartWrapper } from '../../../components/chart';
import { useRuntimeServices } from '../../../runtime/useRuntimeServices';
import { useSessionStore } from '../../../session/sessionStore';
import { barOption, pieOption } from './analysisCharts';
import { exportAnalysisTable } from './exportAnalysisTable';
import { useAnalysis } from './useAnalysis';

type TableRow = HrAnalysisTable['rows'][number];
const DAY = 'YYYY-MM-DD';

/**
 * 人事分析: one topic at a time (care, title evaluation … base info) as a pie of its values, a
 * bar per month and a department × value table, under a time range and a department (with the
 * departments below). Only topics whose list the user may read are offered; the server counts
 * within the user's data scope (server/modules/hr/analysisQuery.ts).
 */
export function HrAnalysisPage() {
  // The department filter is the runtime's tree select, which reads through the runtime's services.
  const services = useRuntimeServices();
  return (
    <RuntimeProvider services={services}>
      <Analysis />
    </RuntimeProvider>
  );
}

function Analysis() {
  const { t, i18n } = useTranslation();
  const permissions = useSessionStore((s) => s.permissions);
  const topics = useMemo(() => HR_ANALYSIS_TOPICS.filter((topic) => permissions.includes(`hr:${topic.entity}:list`)), [permissions]);
  const [chosen, setChosen] = useState<string | undefined>();
  const topic = chosen ?? topics[0]?.topic;
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [deptId, setDeptId] = useState<string | undefined>();
  const filter = { startDate: range?.[0]?.format(DAY), endDate: range?.[1]?.format(DAY), deptId };
  if (!topic) return <Empty data-testid="hr-analysis-none" description={t('hrAnalysis.noTopics')} />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="hr-analysis">
      <Card size="small">
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <div style={{ overflowX: 'auto' }}>
            <Segmented data-testid="hr-analysis-topics" value={topic} onChange={(v) => setChosen(String(v))}
              options={topics.map((x) => ({ value: x.topic, label: t(`hrAnalysis.topic.${x.topic}`) }))} />
          </div>
          <Space wrap size={12}>
            <Space size={6}>
              <Typography.Text style={{ whiteSpace: 'nowrap' }}>{t('hrAnalysis.filter.range')}</Typography.Text>
              <DatePicker.RangePicker data-testid="hr-analysis-range" value={range} onChange={(v) => setRange(v)} allowEmpty={[true, true]} />
            </Space>
            <Space size={6}>
              <Typography.Text style={{ whiteSpace: 'nowrap' }}>{t('hrAnalysis.filter.dept')}</Typography.Text>
              {/* A grid cell: the select stretches to the cell's width. */}
              <div style={{ width: 220, display: 'grid' }} data-testid="hr-analysis-dept">
                <TreeReferenceSelect path={DEPARTMENT_TREE_PATH} value={deptId} onChange={(v) => setDeptId(v || undefined)}
                  placeholder={t('hrAnalysis.filter.allDepts')} />
              </div>
            </Space>
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('hrAnalysis.hint')}</Typography.Text>
        </Space>
      </Card>
      <TopicCharts topic={topic} filter={filter} language={i18n.language} />
    </Space>
  );
}

function TopicCharts({ topic, filter, language }: { topic: string; filter: { startDate?: string; endDate?: string; deptId?: string }; language: string }) {
  const { t } = useTranslation();
  const compact = !Grid.useBreakpoint().sm;
  const state = useAnalysis(topic, filter, language);
  if (state.status === 'failed') return <Alert type="error" showIcon message={state.message} />;
  const data = state.data;
  const loading = state.status === 'loading';
  const topicName = t(`hrAnalysis.topic.${topic}`);
  const columns: ColumnsType<TableRow> = [
    { title: t('hrAnalysis.dept'), dataIndex: 'deptName', key: 'dept', fixed: 'left', width: 160 },
    ...(data?.table.columns ?? []).map((c) => ({ title: c.name, key: c.key, align: 'right' as const, width: 110, render: (_: unknown, row: TableRow) => row.counts[c.key] ?? 0 })),
    { title: t('hrAnalysis.total'), dataIndex: 'total', key: 'total', align: 'right', width: 90, fixed: 'right' },
  ];
  const empty = data && data.table.total === 0;
  return (
    <>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('hrAnalysis.chart.pie')} data-testid="hr-analysis-pie">
            {empty ? <Empty description={t('hrAnalysis.empty')} /> : (
              <Suspense fallback={<div style={{ height: 300 }} />}>
                <LazyChartWrapper option={pieOption(data?.pie ?? [], compact)} loading={loading} height={300} />
              </Suspense>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('hrAnalysis.chart.bar')} data-testid="hr-analysis-bar">
            {empty ? <Empty description={t('hrAnalysis.empty')} /> : (
              <Suspense fallback={<div style={{ height: 300 }} />}>
                <LazyChartWrapper option={barOption(data?.bar ?? { months: [], values: [] }, t('hrAnalysis.count'))} loading={loading} height={300} />
              </Suspense>
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('hrAnalysis.chart.table')} data-testid="hr-analysis-table"
        extra={(
          <Button size="small" icon={<DownloadOutlined />} disabled={!data || empty} data-testid="hr-analysis-export"
            onClick={() => data && void exportAnalysisTable(data.table, { dept: t('hrAnalysis.dept'), total: t('hrAnalysis.total'), sheet: topicName }, t('hrAnalysis.exportName', { topic: topicName }))}>
            {t('hrAnalysis.export')}
          </Button>
        )}>
        <Table<TableRow> size="small" rowKey="deptId" loading={loading} columns={columns} dataSource={data?.table.rows ?? []}
          pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('hrAnalysis.empty') }}
          summary={() => (data && data.table.rows.length > 0 ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="hr-analysis-total">
                <Table.Summary.Cell index={0}><b>{t('hrAnalysis.total')}</b></Table.Summary.Cell>
                {data.table.columns.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i + 1} align="right">{data.table.rows.reduce((sum, r) => sum + (r.counts[c.key] ?? 0), 0)}</Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={data.table.columns.length + 1} align="right"><b>{data.table.total}</b></Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null)} />
      </Card>
    </>
  );
}
