import type { EntityDef } from '../../../runtime/core/schema';
import type { Principal } from '../../auth/Principal';
import type { ServerContext } from '../../context';
import { ApiError } from '../../http/ApiError';

/** A community entity this module's code relies on; its schema missing is a broken installation, not a user error. */
export function communityEntity(ctx: ServerContext, name: string): EntityDef {
  const entity = ctx.registry.entities.get(name);
  if (!entity) throw new Error(`the schema ${name} is missing from schemas/community/`);
  return entity;
}

/** A required id or text parameter; missing is code 100 naming it. */
export function requiredText(params: Record<string, unknown>, name: string, max = 64): string {
  const value = params[name];
  if (typeof value !== 'string' || value.trim() === '') throw ApiError.business('community.error.paramRequired', { field: name });
  return value.trim().slice(0, max);
}

/** Page and page size of a paged call, within sane bounds. */
export function paging(params: Record<string, unknown>, defaultSize = 10): { page: number; pageSize: number; offset: number } {
  const page = Math.max(1, Math.floor(Number(params.page) || 1));
  const pageSize = Math.min(50, Math.max(1, Math.floor(Number(params.pageSize) || defaultSize)));
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** The community administrators: holders of the board management, and the superuser. */
export function isCommunityAdmin(principal: Principal): boolean {
  return principal.isSuperAdmin || principal.permissions.has('community:DiscussBoard:update');
}
