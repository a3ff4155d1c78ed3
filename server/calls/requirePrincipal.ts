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
