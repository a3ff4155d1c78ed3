import type { AreaRoutes } from './AreaRoutes';
import { accountRoutes } from './accountRoutes';
import { clientRoutes } from './clientRoutes';
import { previewRoutes } from './previewRoutes';
import { systemRoutes } from './systemRoutes';

export type { AreaRoutes };

export function allAreaRoutes(): AreaRoutes[] {
  return [accountRoutes(), previewRoutes(), clientRoutes(), systemRoutes()];
}
