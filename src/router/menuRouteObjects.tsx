import type { RouteObject } from 'react-router-dom';
import { IframePage } from '../pages/iframe/IframePage';
import { lazyPage } from './lazyPage';
import type { EntityMenuRoute, MenuRoute } from '../../runtime/core/menu';
import type { RouteHandle } from './routeHandle';

// The generic screens pull in Formily and the runtime: they load with the first entity page.
const EntityRuntimeBoundary = lazyPage(() => import('../pages/entity/EntityRuntimeBoundary').then((m) => m.EntityRuntimeBoundary));
const EntityIndexRoute = lazyPage(() => import('../pages/entity/EntityIndexRoute').then((m) => m.EntityIndexRoute));
const EntityDetailsRoute = lazyPage(() => import('../pages/entity/EntityDetailsRoute').then((m) => m.EntityDetailsRoute));
const EntitySaveRoute = lazyPage(() => import('../pages/entity/EntitySaveRoute').then((m) => m.EntitySaveRoute));

const ENTITY_RUNTIME_ROUTE_ID = 'entity-runtime';

function entityRoute(route: EntityMenuRoute): RouteObject {
  const props = { entity: route.entity, basePath: route.basePath };
  const handle: RouteHandle = { title: route.title };
  switch (route.kind) {
    case 'entityIndex': return { path: route.path, handle, element: <EntityIndexRoute {...props} /> };
    case 'entityDetails': return { path: route.path, handle, element: <EntityDetailsRoute {...props} /> };
    case 'entitySave': return { path: route.path, handle, element: <EntitySaveRoute {...props} /> };
    default: {
      const unreachable: never = route;
      throw new Error(`unknown entity route ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * React Router routes for the menu's routes. All entity screens share one pathless parent that
 * provides the runtime's services, so its caches (schemas, dictionaries) live across pages.
 */
export function menuRouteObjects(routes: readonly MenuRoute[]): RouteObject[] {
  const entityRoutes: RouteObject[] = [];
  const otherRoutes: RouteObject[] = [];
  for (const route of routes) {
    if (route.kind === 'iframe') {
      const handle: RouteHandle = { title: route.title };
      otherRoutes.push({ path: route.path, handle, element: <IframePage url={route.url} title={route.title} /> });
    } else {
      entityRoutes.push(entityRoute(route));
    }
  }
  if (entityRoutes.length === 0) return otherRoutes;
  return [{ id: ENTITY_RUNTIME_ROUTE_ID, element: <EntityRuntimeBoundary />, children: entityRoutes }, ...otherRoutes];
}
