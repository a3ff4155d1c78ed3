import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { systemEntity } from '../../context';
import { splitIds } from '../../entity/rowValues';
import { ApiError } from '../../http/ApiError';

/**
 * The participant's vote calls belong to the page 我的投票 (`menu:communityMyVote`, a page of no
 * entity): a caller holds them when one of their active roles grants that page, as the side menu
 * decides; the superuser holds every page.
 */
export async function requirePage(ctx: ServerContext, principal: Principal, name: string): Promise<void> {
  if (principal.isSuperAdmin) return;
  const menu = systemEntity(ctx, 'Menu');
  const role = systemEntity(ctx, 'Role');
  const { db } = ctx.database;
  const page = principal.roleIds.length === 0 ? undefined : await db.selectFrom(menu.table).select(menu.key).where('name', '=', name).executeTakeFirst();
  const roles = page ? await db.selectFrom(role.table).select('menuIds').where(role.key, 'in', principal.roleIds).where('status', '=', 1).execute() : [];
  if (!page || !roles.some((r) => splitIds(r.menuIds).includes(String(page[menu.key])))) throw ApiError.forbidden('error.noPermission', { permission: `menu:${name}` });
}
