import { Segmented, Spin } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyChartWrapper } from '../../../components/chart';
import type { VoteResult } from '../../../../runtime/core/community';

/** The counts per option as a bar chart (default) or a pie. */
export function VoteResultChart({ result, height = 320 }: { result: VoteResult; height?: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'bar' | 'pie'>('bar');
  const option = useMemo(() => {
    const names = result.options.map((o) => `${o.optionKey}. ${o.optionText}`);
    if (kind === 'pie') {
      return {
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        legend: { bottom: 0, type: 'scroll' },
        series: [{ type: 'pie', radius: ['35%', '65%'], data: result.options.map((o, i) => ({ name: names[i], value: o.count })) }],
      };
    }
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: names, inverse: true, axisLabel: { width: 160, overflow: 'truncate' } },
      series: [{ type: 'bar', name: t('community.vote.votes'), data: result.options.map((o) => o.count), label: { show: true, position: 'right' }, barMaxWidth: 28 }],
    };
  }, [kind, result, t]);
  return (
    <div data-testid="vote-result-chart">
      <Segmented size="small" value={kind} onChange={(v) => setKind(v as 'bar' | 'pie')} style={{ marginBottom: 8 }}
        options={[{ value: 'bar', label: t('community.vote.chartBar') }, { value: 'pie', label: t('community.vote.chartPie') }]} />
      <Suspense fallback={<Spin />}><LazyChartWrapper option={option} height={height} /></Suspense>
    </div>
  );
}
