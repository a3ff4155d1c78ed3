import { desktopModulePath, desktopRecordPath, isInAppPath, parseRecordLink, recordRouteFor, safeHref } from '../../../runtime/core/links';
import type { MenuNode } from '../../session/sessionTypes';

/** Where a message's link leads on the desktop: in the app (navigate), out of it (new tab), or nowhere. */
export type MessageTarget =
  | { kind: 'app'; path: string }
  | { kind: 'web'; href: string }
  | { kind: 'none' };

/**
 * A module's link opens its desktop reading screen when it has one (a notice: `/info/notice/view`);
 * a record link opens the record's details on the desktop screen of the page the user's menu
 * holds for its entity (`/office/vehicle/apply/details?id=…`); any other stored link only as
 * `safeHref` lets it through.
 */
export function messageTarget(link: unknown, menu: readonly MenuNode[] | null): MessageTarget {
  const href = safeHref(link);
  if (!href) return { kind: 'none' };
  const reading = desktopModulePath(href);
  if (reading) return { kind: 'app', path: reading };
  const record = parseRecordLink(href);
  if (record) {
    const route = menu ? recordRouteFor(menu, record) : null;
    // Without such a page the link itself still opens what the shell can show (a mobile family's screen).
    return { kind: 'app', path: route ? desktopRecordPath(route, record) : href };
  }
  return isInAppPath(href) ? { kind: 'app', path: href } : { kind: 'web', href };
}
