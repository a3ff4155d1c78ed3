import { lazyPage } from '../lazyPage';
import type { RouteHandle } from '../routeHandle';
import type { AreaRoutes } from './AreaRoutes';

// Its own chunk with @xyflow/react: loaded only when an administrator opens the designer.
const ProcessDesignerPage = lazyPage(() => import('../../pages/bpm/designer/ProcessDesignerPage').then((m) => m.ProcessDesignerPage));

const handle: RouteHandle = { title: 'bpm.designer.title', wide: true };

/** 流程设计 (docs/WORKFLOW.md › Designer): opened from the BpmProcess list's 设计 action; the server checks every save. */
export function bpmDesignerRoutes(): AreaRoutes {
  return {
    layout: [{ path: 'bpm/process/design', handle, element: <ProcessDesignerPage /> }],
  };
}
