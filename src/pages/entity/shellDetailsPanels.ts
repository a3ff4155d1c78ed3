import { lazy } from 'react';
import { registerDetailsPanel } from '../../../runtime/react';

/**
 * The shell's blocks on entity details screens (runtime/react/details/detailsPanels.ts), registered
 * with the entity screens' code (EntityRuntimeBoundary); each block's code loads with the first
 * screen that shows it.
 */
export function registerShellDetailsPanels(): void {
  // 系统配置 › 基础配置: the sign-in background, under the section of the logo and banners (docs/SHELL.md).
  registerDetailsPanel('SysConfig', {
    name: 'loginBackground',
    component: lazy(() => import('../system/sysConfig/LoginBackgroundPanel').then((m) => ({ default: m.LoginBackgroundPanel }))),
    afterSection: 'entity.SysConfig.tab.basic',
  });
}
