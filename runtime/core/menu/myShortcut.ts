/** One configured shortcut (系统配置 › 快捷方式) as getMyShortcuts answers it: never the roles it is meant for. */
export interface MyShortcut {
  shortcutId: string;
  title: string;
  icon: string | null;
  path: string;
  openMode: 'self' | 'blank';
}
