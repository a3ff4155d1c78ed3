import { lazyPage } from '../lazyPage';
import type { AreaRoutes } from './AreaRoutes';

const HrAnalysisPage = lazyPage(() => import('../../pages/hr/analysis/HrAnalysisPage').then((m) => m.HrAnalysisPage));

/**
 * HR screens that are not entity screens: 人事分析 (the menu entry hrAnalysis of schemas/hr opens
 * it). Each topic's numbers are guarded by the server per call, so the route needs no role.
 */
export function hrRoutes(): AreaRoutes {
  return { layout: [{ path: 'hr/analysis', handle: { title: 'hrAnalysis.title' }, element: <HrAnalysisPage /> }] };
}
