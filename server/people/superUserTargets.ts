import type { Principal } from '../auth/Principal';
import type { ServerContext } from '../context';
import { superUserRoleIds } from '../security/superUserRole';
import { splitIds } from '../entity/rowValues';
import { ApiError } from '../http/ApiError';

/**
 * Calls that take over another account (initialise it, reset its password) may not reach an
 * account of the superuser role unless the caller holds that role too: the User update
 * permission alone must not be a way to become the administrator. 403 with `messageKey`.
 */
export async function refuseSuperUserTargets(ctx: ServerContext, principal: Principal, users: { roleIds?: unknown }[], messageKey: string): Promise<void> {
  if (principal.isSuperAdmin) return;
  const superIds = await superUserRoleIds(ctx, users.flatMap((u) => splitIds(u.roleIds)));
  if (users.some((u) => splitIds(u.roleIds).some((id) => superIds.has(id)))) throw ApiError.forbidden(messageKey);
}
