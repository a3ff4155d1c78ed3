import type { RouteObject } from 'react-router-dom';

/**
 * The routes one area of the shell contributes, so areas (accounts, previews, mobile clients,
 * deep links…) each own one file and `appRoutes` only assembles them.
 * - `public`: reachable without signing in (sign-in alternatives, registration); entering them
 *   resets the dynamic routes like /login does.
 * - `standalone`: need a session but render without the main layout (file previews, mobile).
 * - `layout`: pages inside the main layout, beside /dashboard.
 */
export interface AreaRoutes {
  public?: RouteObject[];
  standalone?: RouteObject[];
  layout?: RouteObject[];
}
