import type { CallHandler, CallTable } from '../calls/CallHandler';
import { callKey } from '../calls/CallHandler';
import { requirePrincipal } from '../calls/requirePrincipal';
import { systemEntity, type ServerContext } from '../context';
import type { Principal } from '../auth/Principal';
import { splitIds } from '../entity/rowValues';
import { isDutyPage } from '../security/dutyPermissions';
import { heldListScopes } from '../../runtime/core/schema/heldListScopes';
import type { EntityDef, MenuEntry } from '../../runtime/core/schema';

export interface MenuNode {
  name: string;
  path: string;
  component: 'layout' | 'entity' | 'iframe';
  meta: { title: string; icon: string; type: string; entity?: string; module?: string; url?: string; menuId: string };
  children: MenuNode[];
}

/** Menu ids granted by the user's roles, plus every ancestor so the tree stays connected. */
async function grantedMenuRows(ctx: ServerContext, principal: Principal): Promise<Record<string, unknown>[]> {
  const { db } = ctx.database;
  const menuEntity = systemEntity(ctx, 'Menu');
  const all = await db.selectFrom(menuEntity.table).selectAll().where('visible', '=', 1)
    .orderBy('sort', 'asc').orderBy('menuId', 'asc').execute();
  // The superuser sees every page but those of separated duties (the audit log, security events).
  if (principal.isSuperAdmin) return all.filter((m) => !isDutyPage(ctx.registry, m.entity));
  const roles = principal.roleIds.length === 0 ? [] : await db.selectFrom(systemEntity(ctx, 'Role').table)
    .select('menuIds').where('roleId', 'in', principal.roleIds).execute();
  const granted = new Set(roles.flatMap((r) => splitIds(r.menuIds as string | null)));
  const byId = new Map(all.map((m) => [String(m.menuId), m]));
  const withAncestors = new Set<string>();
  for (const id of granted) {
    let current = byId.get(id);
    while (current && !withAncestors.has(String(current.menuId))) {
      withAncestors.add(String(current.menuId));
      current = current.parentId ? byId.get(String(current.parentId)) : undefined;
    }
  }
  return all.filter((m) => withAncestors.has(String(m.menuId)));
}

/** The names of the module files' management pages (`requires: "list"`), whatever their place in the tree now. */
function managementPages(ctx: ServerContext): Set<string> {
  const names = new Set<string>();
  const walk = (menus: MenuEntry[]) => menus.forEach((menu) => {
    if (menu.requires === 'list') names.add(menu.name);
    if (menu.children) walk(menu.children);
  });
  for (const mod of ctx.registry.modules.values()) walk(mod.menus);
  return names;
}

/**
 * An entity page is the entity's manage list or its my list: it is shown when the user may call
 * one of them (heldListScopes, the page's own rule), a management page only with the manage list.
 * A page reached only through other buttons (view, or insert used by a reader page) would answer
 * the no-permission page, and a management page showing a reader their own rows is no reader's
 * page: both stay out of the menu.
 */
function opensEntityPage(entity: EntityDef, principal: Principal, management: boolean): boolean {
  const scopes = heldListScopes(entity, (permission) => principal.permissions.has(permission));
  return scopes.includes('manage') || (!management && scopes.includes('my'));
}

/** Navigation only: button entries are permissions, not menu items. */
export async function menuTreeFor(ctx: ServerContext, principal: Principal): Promise<MenuNode[]> {
  const management = managementPages(ctx);
  const rows = (await grantedMenuRows(ctx, principal)).filter((m) => {
    if (m.menuType === 'button') return false;
    const entity = m.entity ? ctx.registry.entities.get(String(m.entity)) : undefined;
    return !entity || opensEntityPage(entity, principal, management.has(String(m.name)));
  });
  const nodes = new Map<string, MenuNode & { parentId: string }>();
  for (const m of rows) {
    const type = String(m.menuType);
    const entityName = m.entity ? String(m.entity) : undefined;
    const entity = entityName ? ctx.registry.entities.get(entityName) : undefined;
    nodes.set(String(m.menuId), {
      name: String(m.name),
      path: type === 'iframe' ? `/i/${String(m.name)}` : String(m.path ?? ''),
      component: type === 'dir' ? 'layout' : type === 'iframe' ? 'iframe' : 'entity',
      meta: {
        title: String(m.title ?? m.name), icon: String(m.icon ?? ''), type, menuId: String(m.menuId),
        ...(entity ? { entity: entity.name, module: entity.module } : {}),
        ...(type === 'iframe' && m.url ? { url: String(m.url) } : {}),
      },
      children: [],
      parentId: String(m.parentId ?? ''),
    });
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const { parentId, ...menu } = node;
    const parent = parentId ? nodes.get(parentId) : undefined;
    (parent ? parent.children : roots).push(menu as MenuNode);
  }
  // A directory whose pages were all filtered away is noise in the navigation.
  const prune = (list: MenuNode[]): MenuNode[] => list
    .map((n) => ({ ...n, children: prune(n.children) }))
    .filter((n) => n.component !== 'layout' || n.children.length > 0);
  return prune(roots);
}

const myMenusCall: CallHandler = {
  auth: 'session',
  async handle(request) {
    const principal = requirePrincipal(request);
    // The permissions come with the menu, as the sign-in answers them: a page load then shows the
    // buttons of a role granted, or of an entity published in the designer, since the sign-in.
    return { menu: await menuTreeFor(request.ctx, principal), permissions: [...principal.permissions].sort().join(',') };
  },
};

export function registerMenuCalls(table: CallTable): void {
  table.set(callKey('get', 'system', 'myMenus'), myMenusCall);
}
