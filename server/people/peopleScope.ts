import type { ServerContext } from '../context';
import { DATA_SCOPES, type Principal } from '../auth/Principal';
import { deptSubtree } from '../entity/deptSubtree';

/**
 * Which users a caller may look up by a person's own data. The User entity carries no data scope
 * of its own (its rows' createDept is the creator's, not the person's), so the caller's role
 * scope is applied to where the person works: all (or the superuser role) — everyone; unit — the
 * caller's unit; department and below — the caller's department subtree; department — the
 * caller's department; own — the caller alone.
 */
export async function peopleScopeFor(ctx: ServerContext, principal: Principal): Promise<(user: Record<string, unknown>) => boolean> {
  if (principal.isSuperAdmin || principal.dataScope === DATA_SCOPES.all) return () => true;
  switch (principal.dataScope) {
    case DATA_SCOPES.unit:
      return (user) => user.unitId === principal.unitId;
    case DATA_SCOPES.deptAndBelow: {
      const depts = new Set(await deptSubtree(ctx, principal.deptId));
      return (user) => depts.has(String(user.deptId));
    }
    case DATA_SCOPES.dept:
      return (user) => principal.deptId !== '' && user.deptId === principal.deptId;
    default:
      return (user) => user.userId === principal.userId;
  }
}
