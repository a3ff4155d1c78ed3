import { Button, Tooltip, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from './usePermission';

export interface PermissionButtonProps extends ButtonProps {
  /** Permission name the action needs; without it the button is disabled. */
  permission?: string;
  /** Why the button is disabled; default: 系统默认无权限 (spec §6). */
  disabledTip?: ReactNode;
}

/**
 * An action button that stays visible but disabled, with a tooltip saying why, when the user lacks
 * `permission` (or `disabled` is set). A disabled button receives no mouse events, so the tooltip
 * hangs on a wrapper.
 */
export function PermissionButton({ permission, disabledTip, disabled, children, ...rest }: PermissionButtonProps) {
  const { t } = useTranslation();
  const { has } = usePermission();
  const denied = permission !== undefined && !has(permission);
  const off = denied || disabled === true;
  const button = <Button {...rest} disabled={off}>{children}</Button>;
  if (!off) return button;
  return (
    <Tooltip title={disabledTip ?? t('shell.permission.defaultDisabledTip')}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }} data-testid="permission-button-wrapper">{button}</span>
    </Tooltip>
  );
}
