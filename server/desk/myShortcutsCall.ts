import { buildMenuRoutes, stripQuery, type MyShortcut } from '../../runtime/core/menu';
import type { Principal } from '../auth/Principal';
import type { CallHandler } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import type { ServerContext } from '../context';
import { splitIds } from '../entity/rowValues';
import { translatedText } from '../entity/translatedText';
import { menuTreeFor } from '../system/menuCalls';

const EXTERNAL = /^https?:\/\/\S+$/i;

/** A same-origin in-app path: '/…', but not '//host' or '/\\host' (the schema's rule, kept for rows written around it). */
function isInAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\s\u0000-\u001f]/.test(path);
}

/** The in-app paths the user's menu opens: the routes the browser builds from the same tree. */
async function openablePaths(ctx: ServerContext, principal: Principal): Promise<Set<string>> {
  return new Set(buildMenuRoutes(await menuTreeFor(ctx, principal)).map((route) => route.path));
}

/**
 * GET getMyShortcuts: the configured shortcuts (Shortcut, sys_shortcut) of the desk's quickLinks
 * widget for this user — enabled, meant for everyone (no roles) or for one of the user's roles
 * (the superuser is no exception, as with DeskConfig), ordered by sort, then title. Like the
 * desk configuration this is system-wide configuration (no data scope): one list for every unit.
 * An in-app path the user's menu does not open is left out, so the desk never offers a page
 * that would answer "no permission"; external http(s) links stay.
 */
export const getMyShortcutsCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    const { ctx } = request;
    const entity = ctx.registry.entities.get('Shortcut');
    if (!entity) return [];
    const rows = await ctx.database.db.selectFrom(entity.table)
      .select([entity.key, 'title', 'icon', 'path', 'openMode', 'roleIds', 'sort'])
      .where('enabled', '=', 1)
      .execute();
    const mine = new Set(principal.roleIds);
    const forMe = rows.filter((row) => {
      const roles = splitIds(row.roleIds);
      return roles.length === 0 || roles.some((roleId) => mine.has(roleId));
    });
    if (forMe.length === 0) return [];
    const openable = await openablePaths(ctx, principal);
    const reachable = (path: string): boolean => (EXTERNAL.test(path) ? true : isInAppPath(path) && openable.has(stripQuery(path)));
    const listed = forMe.map((row) => ({
      sort: Number(row.sort) || 0,
      shortcut: {
        shortcutId: String(row[entity.key]),
        // Seeded shortcuts are titled by language-pack keys, read in the caller's language.
        title: translatedText(ctx.i18n, request.lang, String(row.title ?? '')),
        icon: row.icon ? String(row.icon) : null,
        path: String(row.path ?? '').trim(),
        openMode: row.openMode === 'blank' ? 'blank' : 'self',
      } satisfies MyShortcut,
    }));
    return listed
      .filter(({ shortcut }) => reachable(shortcut.path))
      // Sorted here, not in SQL: the two databases collate Chinese titles differently.
      .sort((a, b) => a.sort - b.sort || a.shortcut.title.localeCompare(b.shortcut.title, 'zh-CN')
        || a.shortcut.shortcutId.localeCompare(b.shortcut.shortcutId))
      .map(({ shortcut }): MyShortcut => shortcut);
  },
};
