import { buildMenuRoutes, stripQuery, type EntityMenuRoute, type MenuNode } from '../menu/menuRoutes';

/**
 * Record links: what a message a flow or a reminder sends names — `/app/{menu path}/details?{key}={id}`,
 * the spec's module message form (`server/messages/detailsLink.ts` writes them). The link names
 * the record and the page that shows its entity; the shell opens it through the recipient's own
 * menu (the page holds the my and the manage lists alike) and the server decides by the record
 * whether the recipient may read it (own rows, data scope) — never by which list they may open.
 */
export interface RecordLink {
  /** The menu path of the entity's page, e.g. `/office/vehicle/apply`. */
  menuPath: string;
  /** The query parameter that named the record (the entity's key, e.g. `applyId`). */
  param: string;
  id: string;
}

const RECORD_LINK = /^\/app(\/[^?#]+)\/details$/;

/** Reads a record link; null for anything else (another path, no id, more than one parameter). */
export function parseRecordLink(link: string): RecordLink | null {
  const [pathPart, query = ''] = link.split('?', 2);
  const match = RECORD_LINK.exec(pathPart.split('#', 1)[0]);
  if (!match) return null;
  const entries = [...new URLSearchParams(query.split('#', 1)[0]).entries()];
  if (entries.length !== 1) return null;
  const [param, value] = entries[0];
  const id = value.trim();
  return id ? { menuPath: stripQuery(match[1]), param, id } : null;
}

/** The entity page of the user's menu that opens the link's record; null when the menu has none. */
export function recordRouteFor(menu: readonly MenuNode[], link: RecordLink): EntityMenuRoute | null {
  return buildMenuRoutes(menu).find((route): route is EntityMenuRoute =>
    route.kind === 'entityIndex' && route.basePath === link.menuPath) ?? null;
}

/** The desktop details screen of the record (`/office/vehicle/apply/details?id=…`) inside the layout. */
export function desktopRecordPath(route: EntityMenuRoute, link: RecordLink): string {
  return `${route.basePath}/details?${new URLSearchParams({ id: link.id }).toString()}`;
}
