import type { RouteObject } from 'react-router-dom';
import type { PreviewRouteKind } from '../../../runtime/core/office';
import { MOBILE_PREVIEW_BASE_PATH, PREVIEW_BASE_PATH } from '../../../runtime/core/office';
import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

// The preview page and its renderers are chunks of their own: none of it is in the main bundle.
const PreviewPage = lazyPage(() => import('../../pages/preview/PreviewPage').then((m) => m.PreviewPage));

const handle: RouteHandle = { title: 'preview.title' };

function previewRoute(path: string, route: PreviewRouteKind, mobile: boolean): RouteObject {
  return { path, handle, element: <PreviewPage route={route} mobile={mobile} /> };
}

/** PC routes of shell spec §2: `/file/preview` (by extension) and one per format. */
const PC_KINDS: PreviewRouteKind[] = ['pdf', 'excel', 'word', 'ppt', 'ofd'];
/** Mobile routes: `/app/file/preview` (by extension, PDF too) and word, excel, ppt, ofd, image. */
const MOBILE_KINDS: PreviewRouteKind[] = ['word', 'excel', 'ppt', 'ofd', 'image'];

/**
 * Routes of the preview area: file previews opened in a new tab with `?attachId&extName&ddtab=true`.
 * They need a session but no main layout (standalone).
 */
export function previewRoutes(): AreaRoutes {
  return {
    standalone: [
      previewRoute(PREVIEW_BASE_PATH, '', false),
      ...PC_KINDS.map((kind) => previewRoute(`${PREVIEW_BASE_PATH}/${kind}`, kind, false)),
      previewRoute(MOBILE_PREVIEW_BASE_PATH, '', true),
      ...MOBILE_KINDS.map((kind) => previewRoute(`${MOBILE_PREVIEW_BASE_PATH}/${kind}`, kind, true)),
    ],
  };
}
