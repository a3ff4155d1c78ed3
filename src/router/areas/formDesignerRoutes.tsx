import { addLanguagePack } from '../../i18n/i18n';
import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

// Its own chunk with dnd-kit and Monaco: loaded only when an administrator opens the designer.
const FormDesignerPage = lazyPage(() => import('../../../designer/react/FormDesignerPage').then((m) => m.FormDesignerPage));

const handle: RouteHandle = { title: 'designer.title', wide: true };

/** 表单设计 (docs/DESIGNER.md › Screens): opened from the SysDesign list's 设计 action; the server checks every save. */
export function formDesignerRoutes(): AreaRoutes {
  return {
    layout: [{ path: 'system/design/edit', handle, element: <FormDesignerPage loadLanguage={addLanguagePack} /> }],
  };
}
