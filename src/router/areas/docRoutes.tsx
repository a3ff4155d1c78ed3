import { lazyPage } from '../lazyPage';
import type { AreaRoutes } from './AreaRoutes';

const DocHandlePage = lazyPage(() => import('../../pages/doc/DocHandlePage').then((m) => m.DocHandlePage));

/**
 * 公文: the distribution message's link /doc/handle/read records the reader's receipt and opens
 * the 收文 (/doc/handle/dowork stays with the workflow handle pages of clientRoutes).
 */
export function docRoutes(): AreaRoutes {
  return { layout: [{ path: '/doc/handle/read', handle: { title: 'doc.handle.title' }, element: <DocHandlePage /> }] };
}
