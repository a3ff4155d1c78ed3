import { lazyPage } from '../lazyPage';
import type { AreaRoutes } from './AreaRoutes';

const MyExamsPage = lazyPage(() => import('../../pages/office/exam/MyExamsPage').then((m) => m.MyExamsPage));
const TakeExamPage = lazyPage(() => import('../../pages/office/exam/TakeExamPage').then((m) => m.TakeExamPage));
const MarkExamPage = lazyPage(() => import('../../pages/office/exam/MarkExamPage').then((m) => m.MarkExamPage));
const VehicleOccupancyPage = lazyPage(() => import('../../pages/office/vehicle/VehicleOccupancyPage').then((m) => m.VehicleOccupancyPage));

/**
 * 行政办公 screens that are not entity screens: 我的考试, 答题 (with the countdown), 阅卷 and
 * 车辆占用 (the menu entries officeExamMine, officeExamMark and officeVehicleOccupancy open them). The calls behind them
 * check their own permissions, so the routes need no role.
 */
export function officeExamRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'office/exam/mine', handle: { title: 'menu.officeExamMine' }, element: <MyExamsPage /> },
      { path: 'office/exam/take/:testId', handle: { title: 'menu.officeExamMine' }, element: <TakeExamPage /> },
      { path: 'office/exam/mark', handle: { title: 'menu.officeExamMark' }, element: <MarkExamPage /> },
      { path: 'office/vehicle/occupancy', handle: { title: 'menu.officeVehicleOccupancy' }, element: <VehicleOccupancyPage /> },
    ],
  };
}
