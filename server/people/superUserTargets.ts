import type { Principal } from '../auth/Principal';
import { SUPER_ADMIN_ROLE } from '../auth/loadPrincipal';
import { systemEntity, type ServerContext } from '../context';
import { splitIds } from '../entity/rowValues';
import { ApiError } from '../http/ApiError';

/**
 * Calls that take over another account (initialise it, reset its password) may not reach an
 * account of the superuser role unless the caller holds that role too: the User update
 * permission alone must not be a way to become the administrator. 403 with `messageKey`.
 */
export async function refuseSuperUserTargets(ctx: ServerContext, principal: Principal, users: { roleIds?: unknown }[], messageKey: string): Promise<void> {
  if (principal.isSuperAdmin) return;
  const roleIds = [...new Set(users.flatMap((u) => splitIds(u.roleIds)))];
  if (roleIds.length === 0) return;
  const superRoles = await ctx.database.db.selectFrom(systemEntity(ctx, 'Role').table).select('roleId')
    .where('roleId', 'in', roleIds).where('roleCode', '=', SUPER_ADMIN_ROLE).execute();
  const superIds = new Set(superRoles.map((r) => String(r.roleId)));
  if (users.some((u) => splitIds(u.roleIds).some((id) => superIds.has(id)))) throw ApiError.forbidden(messageKey);
}
