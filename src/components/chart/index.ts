import { lazy } from 'react';

export type { ChartWrapperProps } from './ChartWrapper';
/** The chart wrapper loaded on first use: echarts stays out of pages without charts. */
export const LazyChartWrapper = lazy(() => import('./ChartWrapper').then((m) => ({ default: m.ChartWrapper })));
