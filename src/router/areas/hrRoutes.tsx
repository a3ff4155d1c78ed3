import { lazyPage } from '../lazyPage';
import type { AreaRoutes } from './AreaRoutes';

const HrAnalysisPage = lazyPage(() => import('../../pages/hr/analysis/HrAnalysisPage').then((m) => m.HrAnalysisPage));
const KpiScoringPage = lazyPage(() => import('../../pages/hr/kpi/KpiScoringPage').then((m) => m.KpiScoringPage));

/**
 * HR screens that are not entity screens: 人事分析 (the menu entry hrAnalysis of schemas/hr opens
 * it) and 我的考核打分 (hrKpiScoring). The server guards each call — a topic's numbers by its list
 * permission, the score sheets by being their plan's scorer — so the routes need no role.
 */
export function hrRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'hr/analysis', handle: { title: 'hrAnalysis.title' }, element: <HrAnalysisPage /> },
      { path: 'hr/kpi-scoring', handle: { title: 'hrKpiScoring.title' }, element: <KpiScoringPage /> },
    ],
  };
}
