import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

// The Gantt package and its CSS load with this page only, never with the first screen.
const OfficeGanttPage = lazyPage(() => import('../../pages/office/gantt/OfficeGanttPage').then((m) => m.OfficeGanttPage));
const MobileClockInPage = lazyPage(() => import('../../pages/office/attendance/MobileClockInPage').then((m) => m.MobileClockInPage));

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/** Office screens that are not entity screens: the task Gantt chart, and clocking in on the phone. */
export function officeTaskRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'office/task/gantt', ...titled('menu.officeTaskGantt'), element: <OfficeGanttPage /> },
    ],
    standalone: [
      { path: '/app/attendance', ...titled('entity.OfficeAttendance.title'), element: <MobileClockInPage /> },
    ],
  };
}
