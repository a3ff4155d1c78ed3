/** The signed-in user, as `/get/system/login` and `/get/system/getUserInfo` return it. */
export interface UserInfo {
  userId: string;
  accountId: string;
  userName: string;
  deptId?: string;
  deptName?: string;
  unitId?: string;
  unitName?: string;
  /** Role codes. */
  roles: string[];
  language?: string;
  theme?: string;
}

/** `data` of a successful `/get/system/login` (and `loginOtherAccount`, and the chat-app sign-ins). */
export interface LoginData {
  token: string;
  userInfo: UserInfo;
  /** Comma-separated permission names, e.g. `hr:HrContract:insert,hr:HrContract:update`. */
  permissions: string;
  msgtime?: string | number;
  /** '1' / 1 / true turns the watermark on. */
  waterMark?: string | number | boolean;
  waterMarkContent?: string;
  waterMarkSubtext?: string;
  /** The online-shop session (empty when no shop is connected); stored with the spec's lifetimes. */
  accessToken?: string;
  refreshToken?: string;
  uid?: string | number;
  username?: string;
  face?: string;
  role_id?: string | number;
  founder?: string | number;
  seller_id?: string | number;
  department?: string;
}

export interface MenuMeta {
  /** An i18n key (falls back to the text itself). */
  title: string;
  /** Name of an @ant-design/icons icon. */
  icon?: string;
  type: 'dir' | 'page' | 'iframe';
  entity?: string;
  module?: string;
  /** Iframe entries: the page shown. */
  url?: string;
  menuId?: string | number;
}

/** One node of `data.menu` from `/get/system/myMenus`. */
export interface MenuNode {
  name: string;
  path: string;
  /** 'layout' for directories, 'entity' for generic entity screens, 'iframe' for embedded pages. */
  component: string;
  meta: MenuMeta;
  children?: MenuNode[];
}

export interface WatermarkSettings {
  enabled: boolean;
  content: string;
  subtext: string;
}
