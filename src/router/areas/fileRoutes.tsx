import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

const NetDiskPage = lazyPage(() => import('../../pages/file/netdisk/NetDiskPage').then((m) => m.NetDiskPage));
const SharePage = lazyPage(() => import('../../pages/file/share/SharePage').then((m) => m.SharePage));
const PublicCabinetPage = lazyPage(() => import('../../pages/file/cabinet/PublicCabinetPage').then((m) => m.PublicCabinetPage));
const RegulationReadingPage = lazyPage(() => import('../../pages/file/regulation/RegulationReadingPage').then((m) => m.RegulationReadingPage));

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/**
 * 文档中心's own screens: the network disk (its menu entry names NetDiskItem for the generic
 * details and permissions, this page replaces the list), the public cabinet, regulations as staff
 * read them, and the public share page /s/<token> that needs no sign-in.
 */
export function fileRoutes(): AreaRoutes {
  return {
    public: [{ path: '/s/:token', ...titled('fileUi.sharePage.title'), element: <SharePage /> }],
    layout: [
      { path: 'file/netdisk', ...titled('menu.fileNetDisk'), element: <NetDiskPage /> },
      { path: 'file/public', ...titled('menu.filePublicCabinet'), element: <PublicCabinetPage /> },
      { path: 'file/regulation/read', ...titled('menu.fileRegulationRead'), element: <RegulationReadingPage /> },
    ],
  };
}
