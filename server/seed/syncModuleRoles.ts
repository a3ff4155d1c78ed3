import { PAGE_GRANT_PREFIX, ROLE_DATA_SCOPE_VALUES, SchemaError, expandGrant, grantablePermissions, type ModuleRoleDef } from '../../runtime/core/schema';
import { SUPER_ADMIN_ROLE } from '../auth/loadPrincipal';
import { systemEntity, type ServerContext } from '../context';
import { splitIds } from '../entity/rowValues';
import { nextRowVersion } from '../entity/rowVersion';
import { insertRow } from './insertRow';

const MIGRATION_TABLE = 'sys_migration';
const SYSTEM_OWNER = { userId: '', deptId: '', unitId: '' };

/** The sys_migration step recording that a module role received one permission. */
export function roleGrantStep(code: string, permission: string): string {
  return `role ${code} grant ${permission}`;
}

/**
 * Brings the roles the module files declare into the role table, after the menu sync made their
 * buttons. A missing role is created with its name and description keys, its data scope and every
 * declared grant; an existing one keeps what administrators set (name, scope, status) and
 * receives each declared permission once in the database's life — recorded in sys_migration — so
 * a grant an administrator took away is not pushed back at the next start, and grants they added stay. A
 * permission new to the declaration (a grant added to module.json, or a new action under a
 * `:*` grant) is given at the next start. Like the menu sync, this is the system at work: it
 * neither files security events nor writes the operation log.
 */
export async function syncModuleRoles(ctx: ServerContext): Promise<void> {
  const declared = [...ctx.registry.modules.values()].flatMap((mod) => mod.roles.map((role, index) => ({ mod: mod.name, role, index })));
  if (declared.length === 0) return;
  const { db } = ctx.database;
  const roleEntity = systemEntity(ctx, 'Role');
  const buttonOf = await grantableMenuIds(ctx);
  const grantable = grantablePermissions(ctx.registry);

  for (const { mod, role, index } of declared) {
    // The superuser role holds every permission by its code; a module may not redefine it.
    if (role.code === SUPER_ADMIN_ROLE) throw new SchemaError(`schemas/${mod}/module.json`, `/roles/${index}/code`, `a code other than the superuser role's "${SUPER_ADMIN_ROLE}"`);
    const permissions = [...new Set(role.grants.flatMap((grant) => expandGrant(grant, grantable)))];
    const done = new Set(permissions.length === 0 ? [] : (await db.selectFrom(MIGRATION_TABLE).select('migrationId')
      .where('migrationId', 'in', permissions.map((p) => roleGrantStep(role.code, p))).execute()).map((r) => String(r.migrationId)));
    await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom(roleEntity.table).select(['roleId', 'roleName', 'menuIds']).where('roleCode', '=', role.code).executeTakeFirst();
      // A role made now (a new module, or one an administrator deleted) starts with all it declares;
      // a button an administrator deleted is made again by the menu sync, until then there is nothing to grant.
      const pending = permissions.filter((p) => (!existing || !done.has(roleGrantStep(role.code, p))) && buttonOf.has(p));
      const pendingIds = pending.map((p) => buttonOf.get(p)!);
      if (!existing) {
        await insertRow(ctx, roleEntity, newRoleValues(role, pendingIds), SYSTEM_OWNER, trx);
      } else {
        const held = splitIds(existing.menuIds);
        const menuIds = [...held, ...pendingIds.filter((id) => !held.includes(id))];
        const changes: Record<string, unknown> = {};
        if (menuIds.length !== held.length) changes.menuIds = menuIds.join(',');
        // A role seeded before its name was a key holds the name's text: it becomes the key, read in either language.
        if (isTextOfKey(ctx, String(existing.roleName ?? ''), role.name)) changes.roleName = role.name;
        if (Object.keys(changes).length > 0) {
          await trx.updateTable(roleEntity.table).set({ ...changes, ...nextRowVersion() }).where('roleId', '=', existing.roleId).execute();
        }
      }
      for (const permission of pending) {
        await trx.insertInto(MIGRATION_TABLE).values({ migrationId: roleGrantStep(role.code, permission), appliedAt: new Date().toISOString() })
          .onConflict((oc) => oc.column('migrationId').doNothing()).execute();
      }
    });
  }
}

/**
 * The menu entry each grant names: a button by its permission, a page without an entity by
 * `menu:<name>` (PAGE_GRANT_PREFIX). The demo roles' seed reads grants the same way.
 */
export async function grantableMenuIds(ctx: ServerContext): Promise<Map<string, string>> {
  const rows = await ctx.database.db.selectFrom(systemEntity(ctx, 'Menu').table).select(['menuId', 'name', 'menuType', 'permission']).execute();
  return new Map(rows.flatMap((m): [string, string][] => (m.menuType === 'button'
    ? (m.permission ? [[String(m.permission), String(m.menuId)]] : [])
    : [[`${PAGE_GRANT_PREFIX}${String(m.name)}`, String(m.menuId)]])));
}

function newRoleValues(role: ModuleRoleDef, menuIds: string[]): Record<string, unknown> {
  return {
    roleCode: role.code, roleName: role.name, remark: role.description ?? null, dataScope: ROLE_DATA_SCOPE_VALUES[role.dataScope],
    menuIds: menuIds.join(','), status: 1, sort: role.sort ?? 0,
  };
}

function isTextOfKey(ctx: ServerContext, text: string, key: string): boolean {
  return text !== key && ['zh-cn', 'en'].some((lng) => ctx.i18n.getResource(lng, 'translation', key) === text);
}
