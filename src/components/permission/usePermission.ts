import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../session/sessionStore';
import { hasAnyRole, isAuthGranted } from './permissionRules';

export interface PermissionApi {
  /** Holds the permission (PERMISSIONS) or the menu name with a colon. */
  has(name: string): boolean;
  /** Holds the role (or one of them). */
  hasRole(role: string | readonly string[]): boolean;
  /** True when held; otherwise shows 没有权限 and returns false — for actions started in code. */
  check(name: string): boolean;
}

export function usePermission(): PermissionApi {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const permissions = useSessionStore((state) => state.permissions);
  const menu = useSessionStore((state) => state.menu);
  const roles = useSessionStore((state) => state.userInfo?.roles);
  const has = useCallback((name: string) => isAuthGranted(name, menu, permissions), [menu, permissions]);
  const hasRole = useCallback((role: string | readonly string[]) => hasAnyRole(roles, role), [roles]);
  const check = useCallback((name: string) => {
    if (has(name)) return true;
    void message.warning(t('shell.permission.denied'));
    return false;
  }, [has, message, t]);
  return useMemo(() => ({ has, hasRole, check }), [has, hasRole, check]);
}
