/**
 * The menu entries as both sides hold them (the browser's session menu, the server's menu tree):
 * only what decides the routes. Shared so that the paths the browser opens and the paths the
 * server counts as reachable (the desk's shortcuts) cannot drift apart.
 */
export interface MenuNode {
  name: string;
  path: string;
  /** 'layout' for directories, 'entity' for generic entity screens, 'iframe' for embedded pages. */
  component: string;
  meta: { title?: string; type?: string; entity?: string; url?: string };
  children?: readonly MenuNode[];
}

/** What the shell renders for one path built from the menu; React-free so it can be tested as data. */
export type MenuRoute = EntityMenuRoute | { kind: 'iframe'; path: string; url: string; title: string };

/** A generic entity screen; `basePath` is the index screen's path, details and save hang below it. */
export type EntityMenuRoute = { path: string; entity: string; basePath: string; title: string }
  & ({ kind: 'entityIndex' } | { kind: 'entityDetails' } | { kind: 'entitySave' });

/** Menu paths may carry a query or hash for the page (`/hr/contract?type=1`); routes match the path alone. */
export function stripQuery(path: string): string {
  const bare = path.split(/[?#]/, 1)[0].trim();
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

export function isIframeNode(node: MenuNode): boolean {
  return node.component === 'iframe' || node.meta?.type === 'iframe';
}

export function isEntityNode(node: MenuNode): boolean {
  return node.component === 'entity' && typeof node.meta?.entity === 'string' && node.meta.entity !== '';
}

/** Shell spec §2: iframe entries live at /i/{name}, whatever path the menu gives them. */
export function iframePath(node: MenuNode): string {
  return `/i/${node.name}`;
}

/** Where a menu entry leads when clicked: its own path with its query kept, or /i/{name} for iframes. */
export function menuLinkPath(node: MenuNode): string {
  return isIframeNode(node) ? iframePath(node) : node.path;
}

/** The path a menu entry's route is registered at. */
export function menuRoutePath(node: MenuNode): string {
  return isIframeNode(node) ? iframePath(node) : stripQuery(node.path);
}

/**
 * The routes the user's menu grants, in menu order: every entity entry gives its index screen
 * at `{path}`, the details screen at `{path}/details` and the save screen at `{path}/save`;
 * every iframe entry gives `/i/{name}`. Directories only contribute their children. When two
 * entries claim one path the first wins, as it is the one the menu shows first.
 */
export function buildMenuRoutes(menu: readonly MenuNode[]): MenuRoute[] {
  const routes: MenuRoute[] = [];
  const taken = new Set<string>();
  const add = (route: MenuRoute): void => {
    if (taken.has(route.path)) return;
    taken.add(route.path);
    routes.push(route);
  };

  const visit = (node: MenuNode): void => {
    const title = node.meta?.title ?? node.name;
    if (isIframeNode(node) && node.meta?.url) {
      add({ kind: 'iframe', path: iframePath(node), url: node.meta.url, title });
    } else if (isEntityNode(node)) {
      const basePath = stripQuery(node.path);
      const entity = node.meta.entity as string;
      add({ kind: 'entityIndex', path: basePath, entity, basePath, title });
      add({ kind: 'entityDetails', path: `${basePath}/details`, entity, basePath, title });
      add({ kind: 'entitySave', path: `${basePath}/save`, entity, basePath, title });
    }
    node.children?.forEach(visit);
  };
  menu.forEach(visit);
  return routes;
}

/**
 * Keys (route paths for entries, names for directories) from the top of the menu down to the entry
 * the current page belongs to, so the side menu can open and highlight it; details and save pages
 * belong to the entry whose path is their longest prefix. Empty when no entry matches.
 */
export function menuTrail(menu: readonly MenuNode[], pathname: string): string[] {
  let best: string[] = [];
  let bestLength = -1;
  const visit = (node: MenuNode, ancestors: string[]): void => {
    if (node.children && node.children.length > 0) {
      node.children.forEach((child) => visit(child, [...ancestors, node.name]));
      return;
    }
    const path = menuRoutePath(node);
    const matches = pathname === path || pathname.startsWith(`${path}/`);
    if (matches && path.length > bestLength) {
      best = [...ancestors, path];
      bestLength = path.length;
    }
  };
  menu.forEach((node) => visit(node, []));
  return best;
}
