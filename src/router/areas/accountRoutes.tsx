import type { AreaRoutes } from './AreaRoutes';

/** Routes of the account area (filled by its issue's work). */
export function accountRoutes(): AreaRoutes {
  return {};
}
