/**
 * Names of the items the shell keeps in the browser (shell spec §3). They are the spec's own
 * names so that a user's stored settings survive a move between deployments of the suite.
 */
export const STORAGE_KEYS = {
  USER_INFO: 'USER_INFO',
  PERMISSIONS: 'PERMISSIONS',
  MENU: 'MENU',
  MSG_TIME: 'MSG_TIME',
  WATER_MARK: 'WATER_MARK',
  WATER_MARK_CONTENT: 'WATER_MARK_CONTENT',
  WATER_MARK_SUBTEXT: 'WATER_MARK_SUBTEXT',
  APP_LANG: 'APP_LANG',
  APP_COLOR: 'APP_COLOR',
  APP_NAME: 'APP_NAME',
  APP_DASHBOARD: 'APP_DASHBOARD',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
