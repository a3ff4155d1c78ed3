import { stripQuery, type MenuNode } from '../../../runtime/core/menu';
import type { Principal } from '../../auth/Principal';
import { systemEntity, type ServerContext } from '../../context';
import { menuTreeFor } from '../../system/menuCalls';

/** The path a menu entry's page answers at: /i/{name} for an embedded page, else its path without query. */
function entryPath(row: { name: unknown; path: unknown; menuType: unknown }): string {
  return row.menuType === 'iframe' ? `/i/${String(row.name)}` : stripQuery(String(row.path ?? ''));
}

function names(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [node.name, ...names(node.children ?? [])]);
}

/**
 * Whether the caller's menu reaches an in-app path. The menu entries whose page the path is (or
 * lies under: an entity page's details and save) are found among all visible entries; the path
 * is reached when the caller's menu (menuTreeFor: the pages their roles grant — the `menu:<page>`
 * grants — and the entity pages whose list they may call) holds one of them. A path no entry
 * covers (a phone screen under /app, which checks its own permission) is reached by everyone.
 */
export async function menuReach(ctx: ServerContext, principal: Principal): Promise<(path: string) => boolean> {
  const menu = systemEntity(ctx, 'Menu');
  const entries = (await ctx.database.db.selectFrom(menu.table).select(['name', 'path', 'menuType'])
    .where('visible', '=', 1).where('menuType', 'not in', ['button', 'dir']).execute())
    .map((row) => ({ name: String(row.name), path: entryPath(row) }))
    .filter((entry) => entry.path !== '/');
  const mine = new Set(names(await menuTreeFor(ctx, principal)));
  return (path) => {
    const wanted = stripQuery(path);
    const covering = entries.filter((entry) => wanted === entry.path || wanted.startsWith(`${entry.path}/`));
    return covering.length === 0 || covering.some((entry) => mine.has(entry.name));
  };
}
