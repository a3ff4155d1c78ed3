import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

// The Gantt package and its CSS load with this page only, never with the first screen.
const OfficeGanttPage = lazyPage(() => import('../../pages/office/gantt/OfficeGanttPage').then((m) => m.OfficeGanttPage));
const MobileClockInPage = lazyPage(() => import('../../pages/office/attendance/MobileClockInPage').then((m) => m.MobileClockInPage));
const MeetingOccupancyPage = lazyPage(() => import('../../pages/office/meeting/MeetingOccupancyPage').then((m) => m.MeetingOccupancyPage));
const AttendanceYearPage = lazyPage(() => import('../../pages/office/attendance/AttendanceYearPage').then((m) => m.AttendanceYearPage));
const SharedDiariesPage = lazyPage(() => import('../../pages/office/diary/DiaryListPages').then((m) => m.SharedDiariesPage));
const SubordinateDiariesPage = lazyPage(() => import('../../pages/office/diary/DiaryListPages').then((m) => m.SubordinateDiariesPage));
const HeldPlansPage = lazyPage(() => import('../../pages/office/workplan/WorkPlanListPages').then((m) => m.HeldPlansPage));
const SupervisedPlansPage = lazyPage(() => import('../../pages/office/workplan/WorkPlanListPages').then((m) => m.SupervisedPlansPage));

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/**
 * Office screens that are not entity screens: the task Gantt chart, the meeting rooms' occupancy,
 * the named diary and work-plan lists, the attendance year view, and clocking in on the phone. The
 * menu entries of schemas/office/module.json open them; the calls behind them check their own
 * permissions, so the routes need no role.
 */
export function officeTaskRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'office/task/gantt', ...titled('menu.officeTaskGantt'), element: <OfficeGanttPage /> },
      { path: 'office/meeting/occupancy', ...titled('menu.officeMeetingOccupancy'), element: <MeetingOccupancyPage /> },
      { path: 'office/attendance/year', ...titled('menu.officeAttendanceYear'), element: <AttendanceYearPage /> },
      { path: 'office/diary/shared', ...titled('menu.officeDiaryShared'), element: <SharedDiariesPage /> },
      { path: 'office/diary/subordinate', ...titled('menu.officeDiarySubordinate'), element: <SubordinateDiariesPage /> },
      { path: 'office/workplan/held', ...titled('menu.officeWorkPlanHeld'), element: <HeldPlansPage /> },
      { path: 'office/workplan/supervised', ...titled('menu.officeWorkPlanSupervised'), element: <SupervisedPlansPage /> },
    ],
    standalone: [
      { path: '/app/attendance', ...titled('entity.OfficeAttendance.title'), element: <MobileClockInPage /> },
    ],
  };
}
