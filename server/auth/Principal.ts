/**
 * Data scopes: own rows, own department, department and below, unit, everything — and, for
 * data-permission roles, a custom list of departments.
 */
export const DATA_SCOPES = { own: 1, dept: 2, deptAndBelow: 3, unit: 4, all: 5, custom: 6 } as const;
export type DataScope = (typeof DATA_SCOPES)[keyof typeof DATA_SCOPES];

/** The signed-in user as every check on the server sees it, loaded once per request. */
export interface Principal {
  userId: string;
  accountId: string;
  userName: string;
  deptId: string;
  deptName: string;
  unitId: string;
  unitName: string;
  /** Role codes, e.g. ['hr', 'staff']. */
  roles: string[];
  roleIds: string[];
  /** Holds the `admin` role: every permission and every menu. */
  isSuperAdmin: boolean;
  permissions: Set<string>;
  /** Widest scope among the user's roles (the people picker's reach). */
  dataScope: DataScope;
  /**
   * Per permission, the widest scope among the roles granting it. An entity's rows are scoped by
   * the roles that grant something of that entity only (entity/dataScope.ts `roleScopeFor`): a
   * unit-wide payroll role must not widen what its holder may read and change of vehicle requests.
   */
  scopeByPermission: Map<string, DataScope>;
  language: string;
  theme: string;
  tokenHash: string;
  /** Set when an administrator signed in as this user. */
  loginAs: string | null;
}
