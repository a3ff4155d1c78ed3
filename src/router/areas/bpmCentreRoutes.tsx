import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

const BpmCentrePage = lazyPage(() => import('../../pages/bpm/centre/BpmCentrePage').then((m) => m.BpmCentrePage));
const MobileTodoPage = lazyPage(() => import('../../pages/bpm/centre/MobileTodoPage').then((m) => m.MobileTodoPage));
const MobileTaskPage = lazyPage(() => import('../../pages/bpm/centre/MobileTodoPage').then((m) => m.MobileTaskPage));

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/**
 * 流程中心 (docs/WORKFLOW.md › Screens): the centre in the layout (its menu entry, bpmCentre,
 * has no entity), and the phone's to-do list and task screen under /app. The task screen of the
 * message links (/bpm/handle/…) is routed by clientRoutes through WorkflowHandlePage.
 */
export function bpmCentreRoutes(): AreaRoutes {
  return {
    layout: [{ path: 'bpm/center', ...titled('bpmCentre.title'), element: <BpmCentrePage /> }],
    standalone: [
      { path: '/app/bpm', ...titled('bpmCentre.mobile.todo'), element: <MobileTodoPage /> },
      { path: '/app/bpm/task', ...titled('bpmCentre.mobile.todo'), element: <MobileTaskPage /> },
    ],
  };
}
