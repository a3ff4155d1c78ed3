import { useEffect, useState } from 'react';
import { hrAnalysisCallName, type HrAnalysisBar, type HrAnalysisFilter, type HrAnalysisSlice, type HrAnalysisTable } from '../../../../runtime/core/hrAnalysis/topics';
import { request } from '../../../request';

export interface AnalysisData { pie: HrAnalysisSlice[]; bar: HrAnalysisBar; table: HrAnalysisTable }

export type AnalysisState = { status: 'loading'; data?: AnalysisData } | { status: 'ready'; data: AnalysisData } | { status: 'failed'; message: string };

/** The three answers of one topic under the filters; reloaded when topic, filters or language change. */
export function useAnalysis(topic: string, filter: HrAnalysisFilter, language: string): AnalysisState {
  const [state, setState] = useState<AnalysisState>({ status: 'loading' });
  const { startDate, endDate, deptId } = filter;
  useEffect(() => {
    let current = true;
    setState((previous) => ({ status: 'loading', data: previous.status === 'ready' ? previous.data : undefined }));
    const params = Object.fromEntries(Object.entries({ startDate, endDate, deptId }).filter(([, v]) => v));
    const get = <T,>(chart: 'Pie' | 'Bar' | 'Table') => request.get<T>(`/get/hr/${hrAnalysisCallName(topic, chart)}`, params).then((a) => a.data);
    Promise.all([get<HrAnalysisSlice[]>('Pie'), get<HrAnalysisBar>('Bar'), get<HrAnalysisTable>('Table')]).then(
      ([pie, bar, table]) => { if (current) setState({ status: 'ready', data: { pie, bar, table } }); },
      (error: unknown) => { if (current) setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }); },
    );
    return () => { current = false; };
  }, [topic, startDate, endDate, deptId, language]);
  return state;
}
