import { Alert, Button, Card, Empty, Segmented, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../request';
import { KpiScoreDialog } from './KpiScoreDialog';
import { SCORER_LIST_PATH, type ScoreSheet } from './scoreSheet';

type Shown = 'pending' | 'all';
type Loaded = { status: 'loading' } | { status: 'ready'; sheets: ScoreSheet[] } | { status: 'failed'; message: string };

/**
 * 我的考核打分: the score sheets of the KPI plans the signed-in leader scores (the plan's
 * 评分人), those still to score first; a sheet opens the scoring dialog. The list is the server's
 * answer for this scorer only (getKpiScoreListForScorer) — HR's 绩效评分 list is where HR reads
 * every sheet of its scope, with the totals scored here.
 */
export function KpiScoringPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>('pending');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [open, setOpen] = useState<ScoreSheet | null>(null);

  const load = useCallback(() => {
    setLoaded((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    request.get<{ list: ScoreSheet[] }>(SCORER_LIST_PATH, shown === 'pending' ? { scoreState: 'pending' } : {}).then(
      (answer) => setLoaded({ status: 'ready', sheets: answer.data.list }),
      (error: unknown) => setLoaded({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [shown]);
  useEffect(load, [load]);

  const columns: ColumnsType<ScoreSheet> = [
    { key: 'user', title: t('hrKpiScoring.person'), width: 110, render: (_, s) => s.userIdName ?? s.userId },
    { key: 'plan', title: t('hrKpiScoring.plan'), render: (_, s) => s.planName },
    { key: 'period', title: t('hrKpiScoring.period'), width: 150, render: (_, s) => s.period },
    {
      key: 'state', title: t('hrKpiScoring.state'), width: 100,
      render: (_, s) => <Tag color={s.scoreState === 'scored' ? 'green' : 'orange'}>{t(`entity.KpiScore.option.scoreState.${s.scoreState}`)}</Tag>,
    },
    { key: 'total', title: t('hrKpiScoring.total'), width: 100, align: 'right', render: (_, s) => (s.totalScore === null ? '—' : s.totalScore) },
    { key: 'time', title: t('hrKpiScoring.time'), width: 160, render: (_, s) => s.scoreTime?.slice(0, 16) ?? '—' },
    {
      key: 'action', title: t('hrKpiScoring.action'), width: 120, fixed: 'right',
      render: (_, s) => (
        <Button size="small" type={s.scoreState === 'pending' && s.planStatus === 'effective' ? 'primary' : 'default'}
          data-testid={`kpi-scoring-open-${s.kpiScoreId}`} onClick={() => setOpen(s)}>
          {s.planStatus !== 'effective' ? t('hrKpiScoring.view') : s.scoreState === 'pending' ? t('hrKpiScoring.scoreIt') : t('hrKpiScoring.rescore')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('hrKpiScoring.title')} data-testid="kpi-scoring"
      extra={(
        <Segmented<Shown> data-testid="kpi-scoring-shown" value={shown} onChange={setShown}
          options={[{ value: 'pending', label: t('hrKpiScoring.shown.pending') }, { value: 'all', label: t('hrKpiScoring.shown.all') }]} />
      )}>
      {loaded.status === 'failed' ? <Alert type="error" showIcon message={loaded.message} /> : (
        <Table<ScoreSheet> size="small" rowKey="kpiScoreId" columns={columns} scroll={{ x: 'max-content' }}
          loading={loaded.status === 'loading'} dataSource={loaded.status === 'ready' ? loaded.sheets : []} pagination={false}
          locale={{ emptyText: <Empty description={t(shown === 'pending' ? 'hrKpiScoring.emptyPending' : 'hrKpiScoring.empty')} /> }} />
      )}
      {open && <KpiScoreDialog sheet={open} onClose={() => setOpen(null)} onSaved={() => { setOpen(null); load(); }} />}
    </Card>
  );
}
