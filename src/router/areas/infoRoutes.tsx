import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

const NewsReaderPage = lazyPage(() => import('../../pages/info/NewsReaderPage').then((m) => m.NewsReaderPage));
const NewsReadPage = lazyPage(() => import('../../pages/info/NewsReadPage').then((m) => m.NewsReadPage));
const MyNoticesPage = lazyPage(() => import('../../pages/info/MyNoticesPage').then((m) => m.MyNoticesPage));
const NoticeReadPage = lazyPage(() => import('../../pages/info/NoticeReadPage').then((m) => m.NoticeReadPage));
const MobileNewsListPage = lazyPage(() => import('../../pages/info/mobile/MobileNewsPages').then((m) => m.MobileNewsListPage));
const MobileNewsReadPage = lazyPage(() => import('../../pages/info/mobile/MobileNewsPages').then((m) => m.MobileNewsReadPage));
const MobileNoticeListPage = lazyPage(() => import('../../pages/info/mobile/MobileNoticePages').then((m) => m.MobileNoticeListPage));
const MobileNoticeReadPage = lazyPage(() => import('../../pages/info/mobile/MobileNoticePages').then((m) => m.MobileNoticeReadPage));

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/**
 * 信息发布's reader screens: the news centre and my notices (menu pages), and reading one item of
 * each; on the phone the news and notice families (/app/news, /app/notice) and their message links.
 */
export function infoRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'info/news/reader', ...titled('menu.infoNewsReader'), element: <NewsReaderPage /> },
      { path: 'info/news/view', ...titled('entity.News.title'), element: <NewsReadPage /> },
      { path: 'info/notice/mine', ...titled('menu.infoNoticeMine'), element: <MyNoticesPage /> },
      { path: 'info/notice/view', ...titled('entity.Notice.title'), element: <NoticeReadPage /> },
    ],
    standalone: [
      { path: '/app/news', ...titled('shell.links.modules.news'), element: <MobileNewsListPage /> },
      { path: '/app/news/details', ...titled('shell.links.modules.news'), element: <MobileNewsReadPage /> },
      { path: '/app/notice', ...titled('shell.links.modules.notice'), element: <MobileNoticeListPage /> },
      { path: '/app/notice/details', ...titled('shell.links.modules.notice'), element: <MobileNoticeReadPage /> },
    ],
  };
}
