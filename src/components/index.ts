/** Shared components of the shell (spec §2 "Shared UI", §4, §6, §8). */
export { AppDialog, type AppDialogProps } from './dialog/AppDialog';
export { LazyChartWrapper, type ChartWrapperProps } from './chart';
export { TrendIndicator, type TrendIndicatorProps } from './trend/TrendIndicator';
export { trendDirection, formatTrendValue, type TrendDirection } from './trend/trendDirection';
export { RelativeTime, formatRelativeTime, type RelativeTimeProps } from './time/RelativeTime';
export { useNow } from './time/useNow';
export { StatisticsTypeSwitch, type StatisticsTypeSwitchProps } from './statistics/StatisticsTypeSwitch';
export { Auth, HasRole, type AuthProps, type HasRoleProps } from './permission/Auth';
export { PermissionButton, type PermissionButtonProps } from './permission/PermissionButton';
export { usePermission, type PermissionApi } from './permission/usePermission';
export { isAuthGranted, hasAnyRole, isAuthName, menuHoldsName } from './permission/permissionRules';
export { useCopy, copyText } from './copy/useCopy';
export { CopyButton, type CopyButtonProps } from './copy/CopyButton';
