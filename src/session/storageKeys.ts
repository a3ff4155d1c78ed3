/**
 * Names of the items the shell keeps in the browser (shell spec §3). They are the spec's own
 * names so that a user's stored settings survive a move between deployments of the suite.
 * The TOKEN (HttpOnly, set by the server; sessionMarker.ts), access and refresh tokens are cookies, not items.
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
  ENCRYPTION_TYPE: 'ENCRYPTION_TYPE',
  OFFICE_TYPE: 'OFFICE_TYPE',
  OFD_TYPE: 'OFD_TYPE',
  OPEN_ON_LINE_FLAG: 'OPEN_ON_LINE_FLAG',
  ATTACH_HOST: 'ATTACH_HOST',
  PUBLIC_KEY: 'PUBLIC_KEY',
  PRIVATE_KEY: 'PRIVATE_KEY',
  GREY_END_TIME: 'GREY_END_TIME',
  // The online-shop (seller or admin) session, kept under the shop's own item names.
  SHOP_UID: 'uid',
  SHOP_USERNAME: 'username',
  SHOP_FACE: 'face',
  SHOP_ROLE_ID: 'role_id',
  SHOP_FOUNDER: 'founder',
  SHOP_SELLER_ID: 'seller_id',
  SHOP_DEPARTMENT: 'department',
  /** Marks that the shop's b2b token was issued recently (600 s). */
  B2B_TOKEN: 'B2B_TOKEN',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
