export { getAppRouter, subscribeAppRouter, restartAppRouterAt } from './routerHost';
export type { AppRouter } from './routerHost';
export { buildMenuRoutes, menuTrail, menuLinkPath, menuRoutePath, stripQuery } from './menuRoutes';
export type { MenuRoute } from './menuRoutes';
export { LOGIN_PATH, loginUrl, redirectTarget } from './loginUrl';
export { lazyPage, isChunkLoadError } from './lazyPage';
