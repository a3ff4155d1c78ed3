import type { AreaRoutes } from './AreaRoutes';

/** Routes of the preview area (filled by its issue's work). */
export function previewRoutes(): AreaRoutes {
  return {};
}
