import type { ReactNode } from 'react';
import { usePermission } from './usePermission';

export interface AuthProps {
  /** A permission / menu name with a colon, e.g. `hr:HrContract:insert`. */
  name: string;
  children: ReactNode;
  /** Shown instead when not granted (nothing by default). */
  fallback?: ReactNode;
}

/** The auth directive (spec §6): its content only when the menu holds `name`. */
export function Auth({ name, children, fallback = null }: AuthProps) {
  const { has } = usePermission();
  return <>{has(name) ? children : fallback}</>;
}

export interface HasRoleProps {
  role: string | readonly string[];
  children: ReactNode;
  fallback?: ReactNode;
}

/** The role directive (spec §6): its content only when the user holds the role (or one of them). */
export function HasRole({ role, children, fallback = null }: HasRoleProps) {
  const { hasRole } = usePermission();
  return <>{hasRole(role) ? children : fallback}</>;
}
