import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

const DirectoryPage = lazyPage(() => import('../../pages/infohub/DirectoryPage').then((m) => m.DirectoryPage));
const BigStoryTimelinePage = lazyPage(() => import('../../pages/infohub/BigStoryTimelinePage').then((m) => m.BigStoryTimelinePage));
const StatisticsPage = lazyPage(() => import('../../pages/infohub/StatisticsPage').then((m) => m.StatisticsPage));

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/** 综合信息's screens that are not entity screens: the directory, the chronicle's timeline, the desk statistics. */
export function infohubRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'infohub/directory', ...titled('menu.infohubDirectory'), element: <DirectoryPage /> },
      { path: 'infohub/bigStory/timeline', ...titled('menu.infohubBigStoryTimeline'), element: <BigStoryTimelinePage /> },
      { path: 'infohub/statistics', ...titled('menu.infohubStatistics'), element: <StatisticsPage /> },
    ],
  };
}
