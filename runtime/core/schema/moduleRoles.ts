import { SchemaError } from './SchemaError';
import type { EntityDef, MenuEntry, ModuleDef, Registry, RoleDataScope } from './types';

/** The Role schema's dataScope option values (schemas/system/Role.json), by the names module files use. */
export const ROLE_DATA_SCOPE_VALUES: Record<RoleDataScope, string> = { own: '1', dept: '2', deptAndBelow: '3', unit: '4', all: '5' };

/**
 * The actions of an entity that get a button entry under its menu page: its calls and flow
 * transitions — not those only a module's own call takes, which checks permissions of its own.
 */
export function entityButtonActions(entity: EntityDef): string[] {
  return Object.keys(entity.permissions)
    .filter((action) => entity.calls.includes(action as never) || entity.flow?.transitions.some((t) => t.name === action && !t.moduleCall));
}

/**
 * The grant of a page that is no entity's (an analysis screen, the Gantt chart, 我的考试): the
 * menu entry itself, by its name. Its calls check their own permissions; the grant shows the page.
 */
export const PAGE_GRANT_PREFIX = 'menu:';

/**
 * Every permission a role can be granted: the button entries the menu sync creates, one per
 * button action of each entity some module's menu shows, and `menu:<name>` for each page without
 * an entity. Roles are granted menu entries, so a permission with no entry could never be held.
 */
export function grantablePermissions(registry: Registry): Set<string> {
  const out = new Set<string>();
  const walk = (menus: MenuEntry[]) => menus.forEach((menu) => {
    const entity = menu.entity ? registry.entities.get(menu.entity) : undefined;
    if (entity) for (const action of entityButtonActions(entity)) out.add(entity.permissions[action]);
    else if (menu.type !== 'dir') out.add(`${PAGE_GRANT_PREFIX}${menu.name}`);
    if (menu.children) walk(menu.children);
  });
  for (const mod of registry.modules.values()) walk(mod.menus);
  return out;
}

/** The permissions one grant stands for: itself, or with `:*` every grantable one of that entity. */
export function expandGrant(grant: string, grantable: Set<string>): string[] {
  if (!grant.endsWith(':*')) return grantable.has(grant) ? [grant] : [];
  const prefix = grant.slice(0, -1);
  return [...grantable].filter((permission) => permission.startsWith(prefix));
}

/**
 * Module roles must name only permissions that exist (a misspelt grant would silently give
 * nothing) and codes no other module uses. Stops the load with file, JSON pointer and the name.
 */
export function checkModuleRoles(registry: Registry): void {
  const grantable = grantablePermissions(registry);
  const declaredIn = new Map<string, string>();
  for (const mod of registry.modules.values()) checkModule(mod, grantable, declaredIn);
}

function checkModule(mod: ModuleDef, grantable: Set<string>, declaredIn: Map<string, string>): void {
  const file = `schemas/${mod.name}/module.json`;
  mod.roles.forEach((role, index) => {
    const other = declaredIn.get(role.code);
    if (other) throw new SchemaError(file, `/roles/${index}/code`, `a role code unique across the modules; "${role.code}" is also declared in ${other}`);
    declaredIn.set(role.code, file);
    role.grants.forEach((grant, g) => {
      if (expandGrant(grant, grantable).length === 0) {
        throw new SchemaError(file, `/roles/${index}/grants/${g}`, `a permission of a menu button (module:Entity:action, or module:Entity:*) or a page without an entity (menu:<name>), not "${grant}"`);
      }
    });
  });
}
