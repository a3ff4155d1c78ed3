import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { dashboardPath } from '../config/appSettings';
import { loadShellConfig } from '../config/shellConfig';
import { PageLoading } from '../layout/PageLoading';
import { RouteErrorPage } from '../pages/error/RouteErrorPage';
// Static: the error page shows it for unknown paths too, so it is in the main bundle anyway.
import { ForbiddenPage } from '../pages/forbidden/ForbiddenPage';
import { loadSessionMenu, resetSessionMenu } from '../session/sessionMenu';
import { hasSession } from '../session/sessionMarker';
import { lazyPage } from './lazyPage';
import { RoleGate } from './RoleGate';
import { LOGIN_PATH, loginUrl } from './loginUrl';
import type { RouteHandle } from './routeHandle';
import { allAreaRoutes } from './areas';

const LoginPage = lazyPage(() => import('../pages/login/LoginPage').then((m) => m.LoginPage), { signIn: true });
const MainLayout = lazyPage(() => import('../layout/MainLayout').then((m) => m.MainLayout));
const DashboardPage = lazyPage(() => import('../pages/dashboard/DashboardPage').then((m) => m.DashboardPage));

/** The route the menu's routes are added under: inside the main layout, beside the static pages. */
export const PAGES_ROUTE_ID = 'pages';

/** Entering /login ends route building for the old session: the next sign-in fetches its own menu. */
function enterLogin(): null {
  resetSessionMenu();
  return null;
}

/** Pages that need a session but not the layout (previews, mobile clients) share the guard's first half. */
function guardStandalone({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  if (!hasSession()) throw redirect(loginUrl(url.pathname + url.search));
  return null;
}

/**
 * The guard of every page inside the layout (shell spec §4): without a session (its marker cookie) go to /login,
 * remembering the wanted page; with one, make sure the menu is loaded (once) before rendering.
 */
async function guardLayout({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  if (!hasSession()) throw redirect(loginUrl(url.pathname + url.search));
  await loadSessionMenu();
  return null;
}

/** The routes known before sign-in; the menu's are added by `discoverMenuRoutes`. */
export function staticRoutes(): RouteObject[] {
  const loginHandle: RouteHandle = { title: 'shell.login.submit' };
  const dashboardHandle: RouteHandle = { title: 'shell.dashboard.title' };
  const areas = allAreaRoutes();
  const publicRoutes = areas.flatMap((a) => a.public ?? []).map((route) => ({
    ...route, loader: route.loader ?? enterLogin, errorElement: <RouteErrorPage />, hydrateFallbackElement: <PageLoading />,
  }));
  const standaloneRoutes = areas.flatMap((a) => a.standalone ?? []);
  const layoutRoutes = areas.flatMap((a) => a.layout ?? []);
  return [
    ...publicRoutes,
    ...(standaloneRoutes.length ? [{
      loader: guardStandalone,
      shouldRevalidate: () => true,
      // Role-restricted local routes (handle.roles) show the no-permission page to others.
      element: <RoleGate />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoading />,
      children: standaloneRoutes,
    }] : []),
    {
      path: LOGIN_PATH,
      loader: enterLogin,
      handle: loginHandle,
      element: <LoginPage />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoading />,
    },
    {
      path: '/',
      loader: guardLayout,
      // Every navigation re-checks the cookie: it may have expired while the app stayed open.
      shouldRevalidate: () => true,
      element: <MainLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoading />,
      children: [{
        id: PAGES_ROUTE_ID,
        // A failing page shows its error inside the layout, keeping the menu usable.
        errorElement: <RouteErrorPage />,
        children: [
          // The loader always redirects; `element: null` says on purpose that nothing renders here.
          // The configured dashboard comes with the shell configuration: wait for it (never fails).
          { index: true, loader: async () => { await loadShellConfig(); return redirect(dashboardPath()); }, element: null },
          { path: 'dashboard', handle: dashboardHandle, element: <DashboardPage /> },
          ...layoutRoutes,
          { path: '*', element: <ForbiddenPage /> },
        ],
      }],
    },
  ];
}
