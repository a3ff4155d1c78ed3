import { PORTAL_COLUMNS, type PortalCell } from '../../../runtime/core/portal';

/** One placed widget of a portal on the 24-column grid: the same shape the server checks and answers. */
export type { PortalCell };

/** A portal as getMyPortals answers it: only the widgets this user may see. */
export interface MyPortal {
  portalId: string;
  portalName: string;
  description: string;
  isDefault: boolean;
  items: PortalCell[];
}

/** A palette entry of the designer: a widget of the desk configuration. */
export interface PaletteWidget {
  widgetCode: string;
  title: string;
  colSpan: number;
  height: number | null;
}

/** What the designer and the preview load (getPortalDesign). */
export interface PortalDesign {
  portal: { portalId: string; portalName: string; enabled: boolean };
  /** Every placed widget; `title` is the override ('' = none), `defaultTitle` the configured one. */
  items: (PortalCell & { itemId: string; defaultTitle: string })[];
  palette: PaletteWidget[];
  columns: number;
  maxItems: number;
}

export const MY_PORTALS_PATH = '/get/system/getMyPortals';
export const PORTAL_DESIGN_PATH = '/get/system/getPortalDesign';
export const SAVE_PORTAL_LAYOUT_PATH = '/set/system/savePortalLayout';

/** The grid's measures, the same in the designer, the preview and on the desk. */
export const PORTAL_GRID = { cols: PORTAL_COLUMNS, rowHeight: 40, margin: [16, 16] as [number, number] };
/** Below this width the portal stacks its cards one under another, as the personal desk does. */
export const PORTAL_STACK_BELOW = 768;

/** A cell's height in pixels: its rows and the gaps between them. */
export function cellHeight(h: number): number {
  return h * PORTAL_GRID.rowHeight + (h - 1) * PORTAL_GRID.margin[1];
}
