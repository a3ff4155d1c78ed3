import type { AreaRoutes } from './AreaRoutes';

/** Routes of the client area (filled by its issue's work). */
export function clientRoutes(): AreaRoutes {
  return {};
}
