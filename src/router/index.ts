export { getAppRouter, subscribeAppRouter, restartAppRouterAt } from './routerHost';
export type { AppRouter } from './routerHost';
export { LOGIN_PATH, loginUrl, redirectTarget } from './loginUrl';
export { lazyPage, isChunkLoadError } from './lazyPage';
