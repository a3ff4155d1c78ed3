import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

// Their own chunks with react-grid-layout: loaded only when an administrator opens them.
const PortalDesignerPage = lazyPage(() => import('../../pages/system/portal/PortalDesignerPage').then((m) => m.PortalDesignerPage));
const PortalPreviewPage = lazyPage(() => import('../../pages/system/portal/PortalPreviewPage').then((m) => m.PortalPreviewPage));

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/** 门户设计 and 门户预览, opened from the Portal list's row actions; the server checks every call. */
export function portalRoutes(): AreaRoutes {
  return {
    layout: [
      { path: 'system/portal/designer', ...titled('portal.designer.title'), element: <PortalDesignerPage /> },
      { path: 'system/portal/preview', ...titled('portal.preview.title'), element: <PortalPreviewPage /> },
    ],
  };
}
