import { createBrowserRouter } from 'react-router-dom';
import { loadSessionMenu } from '../session/sessionMenu';
import { hasSession } from '../session/sessionMarker';
import { PAGES_ROUTE_ID, staticRoutes } from './appRoutes';
import { buildMenuRoutes } from '../../runtime/core/menu';
import { menuRouteObjects } from './menuRouteObjects';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * A router whose menu routes are added once, on the first navigation to a path the static routes
 * do not fully match (React Router asks `patchRoutesOnNavigation` then, before loaders run, so a
 * page opened directly by URL after a reload is found too).
 */
function createAppRouter(): AppRouter {
  let menuRoutesAdded = false;
  return createBrowserRouter(staticRoutes(), {
    async patchRoutesOnNavigation({ patch }) {
      if (menuRoutesAdded || !hasSession()) return;
      const menu = await loadSessionMenu();
      patch(PAGES_ROUTE_ID, menuRouteObjects(buildMenuRoutes(menu)));
      menuRoutesAdded = true;
    },
  });
}

let current: AppRouter | null = null;
const listeners = new Set<() => void>();

export function getAppRouter(): AppRouter {
  current ??= createAppRouter();
  return current;
}

export function subscribeAppRouter(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/**
 * Replaces the router with a fresh one opened at `path`. Used on sign-in: React Router can add
 * routes but not take them away, so a new router is how no route built from the previous
 * session's menu survives into the next user's.
 */
export function restartAppRouterAt(path: string): void {
  const previous = current;
  window.history.replaceState(null, '', path);
  current = createAppRouter();
  listeners.forEach((listener) => listener());
  previous?.dispose();
}
