import type { ServerContext } from '../context';
import { systemEntity } from '../context';
import { findSessionUser } from './sessions';
import { cachedPrincipal } from './principalCache';
import { DATA_SCOPES, type DataScope, type Principal } from './Principal';
import { splitIds } from '../entity/rowValues';
import { dutiesOf, isDutyPage } from '../security/dutyPermissions';
import { pagePermission } from '../calls/requirePrincipal';

export const SUPER_ADMIN_ROLE = 'admin';

export interface UserRecord {
  userId: string; accountId: string; userName: string; deptId: string | null; unitId: string | null;
  roleIds: string | null; status: number | null; language?: string | null; theme?: string | null;
}

export async function loadUserByAccount(ctx: ServerContext, accountId: string): Promise<UserRecord | undefined> {
  const users = systemEntity(ctx, 'User');
  return await ctx.database.db.selectFrom(users.table).selectAll().where('accountId', '=', accountId)
    .executeTakeFirst() as UserRecord | undefined;
}

/** A role's stored scope, own rows when it holds anything else. */
function validScope(value: unknown): DataScope {
  const scope = Number(value);
  return (scope >= DATA_SCOPES.own && scope <= DATA_SCOPES.all ? scope : DATA_SCOPES.own) as DataScope;
}

/**
 * `menu:<name>` for each menu entry held that is no button (a page, a directory, an iframe): the
 * grant a page's own calls check (我的投票, the forum, the desk statistics), answered to the
 * browser with the buttons' permissions. Pages of separated duties are left out when asked.
 */
function pageGrants(ctx: ServerContext, rows: { name: unknown; entity: unknown }[], withoutDuties: boolean): string[] {
  return rows.filter((m) => !(withoutDuties && isDutyPage(ctx.registry, m.entity))).map((m) => pagePermission(String(m.name)));
}

/**
 * Roles, permissions and scope of one user: the union over all of the user's enabled roles — the
 * permissions of the buttons they hold and the grants of the pages they hold.
 */
export async function buildPrincipal(ctx: ServerContext, user: UserRecord, tokenHash: string, loginAs: string | null): Promise<Principal> {
  const { db } = ctx.database;
  const roleEntity = systemEntity(ctx, 'Role');
  const roleIds = splitIds(user.roleIds);
  const roles = roleIds.length === 0 ? [] : await db.selectFrom(roleEntity.table)
    .select(['roleId', 'roleCode', 'dataScope', 'menuIds'])
    .where('roleId', 'in', roleIds).where('status', '=', 1).execute();
  const roleCodes = roles.map((r) => String(r.roleCode));
  const isSuperAdmin = roleCodes.includes(SUPER_ADMIN_ROLE);

  let permissions: Set<string>;
  const scopeByPermission = new Map<string, DataScope>();
  const menuEntity = systemEntity(ctx, 'Menu');
  if (isSuperAdmin) {
    // Every page but those of separated duties, as the side menu shows them (menuCalls' grantedMenuRows).
    const pages = await db.selectFrom(menuEntity.table).select(['name', 'entity']).where('menuType', '<>', 'button').execute();
    permissions = new Set([...ctx.allPermissions, ...pageGrants(ctx, pages, true)]);
  } else {
    const menuIds = [...new Set(roles.flatMap((r) => splitIds(r.menuIds as string | null)))];
    const granted = menuIds.length === 0 ? [] : await db.selectFrom(menuEntity.table).select(['menuId', 'name', 'menuType', 'entity', 'permission'])
      .where('menuId', 'in', menuIds).execute();
    const buttons = granted.filter((m) => m.menuType === 'button' && m.permission);
    const permissionOf = new Map(buttons.map((m) => [String(m.menuId), String(m.permission)]));
    permissions = new Set([...permissionOf.values(), ...pageGrants(ctx, granted.filter((m) => m.menuType !== 'button'), Boolean(loginAs))]);
    for (const role of roles) {
      const scope = validScope(role.dataScope);
      for (const menuId of splitIds(role.menuIds as string | null)) {
        const permission = permissionOf.get(menuId);
        if (permission && scope > (scopeByPermission.get(permission) ?? 0)) scopeByPermission.set(permission, scope);
      }
    }
  }
  // Three-role security: the superuser's set above holds no duty permission, and neither does a
  // login-as session, whoever it reaches (loginOtherAccount refuses duty accounts; this covers
  // a duty granted to the account while the session lives).
  if (loginAs) {
    const duties = dutiesOf(ctx.registry).permissions;
    permissions = new Set([...permissions].filter((p) => !duties.has(p)));
  }
  const scope = isSuperAdmin ? DATA_SCOPES.all : (Math.max(DATA_SCOPES.own, ...roles.map((r) => validScope(r.dataScope))) as DataScope);

  const [dept, unit] = await Promise.all([
    user.deptId ? db.selectFrom(systemEntity(ctx, 'Dept').table).select('deptName').where('deptId', '=', user.deptId).executeTakeFirst() : undefined,
    user.unitId ? db.selectFrom(systemEntity(ctx, 'Unit').table).select('unitName').where('unitId', '=', user.unitId).executeTakeFirst() : undefined,
  ]);
  return {
    userId: user.userId,
    accountId: user.accountId,
    userName: user.userName,
    deptId: user.deptId ?? '',
    deptName: String(dept?.deptName ?? ''),
    unitId: user.unitId ?? '',
    unitName: String(unit?.unitName ?? ''),
    roles: roleCodes,
    roleIds: roles.map((r) => String(r.roleId)),
    isSuperAdmin,
    permissions,
    dataScope: scope,
    scopeByPermission,
    language: user.language ?? 'zh-cn',
    theme: user.theme ?? '',
    tokenHash,
    loginAs,
  };
}

/**
 * undefined when the token is unknown, expired, or its user was disabled or removed. Kept per
 * token for a few seconds and dropped by any change to what it is made of (principalCache.ts).
 */
export function loadPrincipal(ctx: ServerContext, tokenHash: string): Promise<Principal | undefined> {
  return cachedPrincipal(ctx, tokenHash, async () => {
    const session = await findSessionUser(ctx.database.db, tokenHash);
    if (!session) return undefined;
    const users = systemEntity(ctx, 'User');
    const user = await ctx.database.db.selectFrom(users.table).selectAll().where('userId', '=', session.userId)
      .executeTakeFirst() as UserRecord | undefined;
    if (!user || Number(user.status) !== 1) return undefined;
    return { principal: await buildPrincipal(ctx, user, tokenHash, session.loginAs), sessionEnds: session.expiresAt };
  });
}
