import { PAGE_GRANT_PREFIX } from '../../runtime/core/schema';
import { ApiError } from '../http/ApiError';
import type { Principal } from '../auth/Principal';
import type { CallRequest } from './CallHandler';

export function requirePrincipal(request: CallRequest): Principal {
  if (!request.principal) throw ApiError.unauthenticated();
  return request.principal;
}

/** Refuses with 403 unless the user holds the permission (the admin role holds all). */
export function requirePermission(principal: Principal, permission: string): void {
  if (!principal.permissions.has(permission)) throw ApiError.forbidden('error.noPermission', { permission });
}

export function hasAnyPermission(principal: Principal, permissions: string[]): boolean {
  return permissions.some((p) => principal.permissions.has(p));
}

/**
 * The permission a menu entry that is no button grants: `menu:<name>` (我的投票 `menu:communityMyVote`).
 * buildPrincipal adds it for every such entry a role of the user holds, every page for the superuser.
 */
export function pagePermission(name: string): string {
  return `${PAGE_GRANT_PREFIX}${name}`;
}

/** Refuses with 403 unless one of the user's roles grants the page `name` (a page's own calls check it). */
export function requirePage(principal: Principal, name: string): void {
  requirePermission(principal, pagePermission(name));
}
