import { Navigate } from 'react-router-dom';
import { lazyPage } from '../lazyPage';
import type { AreaRoutes } from './AreaRoutes';

// react-big-calendar and its CSS load with the calendar page only.
const CalendarPage = lazyPage(() => import('../../pages/calendar/CalendarPage').then((m) => m.CalendarPage));
const AlbumsPage = lazyPage(() => import('../../pages/gallery/AlbumsPage').then((m) => m.AlbumsPage));
const FileMapPage = lazyPage(() => import('../../pages/gallery/FileMapPage').then((m) => m.FileMapPage));

/** The calendar (/calendar opens 我的日程), the album grid and the document map: pages that are not entity screens. */
export function calendarRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'calendar', handle: { title: 'menu.calendarSchedule' }, element: <Navigate to="/calendar/schedule" replace /> },
      { path: 'calendar/schedule', handle: { title: 'menu.calendarSchedule' }, element: <CalendarPage /> },
      { path: 'gallery/albums', handle: { title: 'menu.galleryAlbums' }, element: <AlbumsPage /> },
      { path: 'gallery/map', handle: { title: 'menu.galleryFileMap' }, element: <FileMapPage /> },
    ],
  };
}
