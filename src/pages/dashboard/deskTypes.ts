/** One widget of the user's desk as getMyDesk answers it (server/desk/deskLayout.ts). */
export interface DeskWidgetConfig {
  widgetCode: string;
  /** The title the administrator gave it (DeskConfig), shown as it is. */
  title: string;
  /** Columns of the 24-column grid. */
  colSpan: number;
  /** Card height in pixels; null = as tall as the content. */
  height: number | null;
  sort: number;
  hidden: boolean;
  /** The portal cell's settings (PortalItem.settings, e.g. `{count: 8}`, declared in runtime/core/portal/widgetSettings.ts); absent on the personal desk: the defaults. */
  settings?: Record<string, unknown>;
}

export interface MyDesk {
  widgets: DeskWidgetConfig[];
  /** The user saved an arrangement of their own. */
  customised: boolean;
}

export const MY_DESK_PATH = '/get/system/getMyDesk';
export const SAVE_MY_DESK_PATH = '/set/system/saveMyDesk';
export const CLONE_ADMIN_DESK_PATH = '/set/system/cloneAdminDesk';
