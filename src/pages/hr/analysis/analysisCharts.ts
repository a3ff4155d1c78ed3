import type { EChartsCoreOption } from '../../../components/chart/echartsSetup';
import type { HrAnalysisBar, HrAnalysisSlice } from '../../../../runtime/core/hrAnalysis/topics';

/**
 * A ring of the topic's values with the legend below. `compact` (phones): the counts sit inside
 * the ring, since names outside it would be cut at 390 px; the legend and tooltip name them.
 */
export function pieOption(slices: HrAnalysisSlice[], compact: boolean): EChartsCoreOption {
  const label = compact ? { position: 'inside', formatter: '{c}' } : { formatter: '{b}\n{c}' };
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [{ type: 'pie', radius: compact ? ['30%', '70%'] : ['35%', '65%'], center: ['50%', '45%'], label, data: slices.map((s) => ({ name: s.name, value: s.value })) }],
  };
}

export function barOption(bar: HrAnalysisBar, seriesName: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 40 },
    xAxis: { type: 'category', data: bar.months },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'bar', name: seriesName, data: bar.values, barMaxWidth: 36, label: { show: true, position: 'top' } }],
  };
}
