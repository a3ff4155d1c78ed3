import { PortalLayoutError } from './PortalLayoutError';
import { readWidgetSettings } from './widgetSettings';

/** Columns of a portal's grid, as of the personal desk (DeskConfig.colSpan). */
export const PORTAL_COLUMNS = 24;
/** Most widgets one portal holds: a desk beyond this is neither readable nor quick to load. */
export const PORTAL_MAX_ITEMS = 30;
/** Tallest cell and lowest row, in grid rows (the schema's bounds of PortalItem.h and .y). */
export const PORTAL_MAX_HEIGHT = 40;
export const PORTAL_MAX_ROW = 200;
/** PortalItem.title's maxLength. */
export const PORTAL_MAX_TITLE = 50;

/**
 * One placed widget as the designer sends it, the server stores it (PortalItem) and getMyPortals
 * answers it, on the 24-column grid.
 */
export interface PortalCell {
  widgetCode: string;
  /** The title override; empty = the widget's configured title (getMyPortals fills it in). */
  title: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** What the widget reads (widgetSettings.ts declares it per widget): how many rows, which type… */
  settings: Record<string, unknown>;
}

function cellNumber(value: unknown, index: number, name: string, min: number, max: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw new PortalLayoutError('badNumber', { index: index + 1, name, min, max });
  }
  return number;
}

function readCell(raw: unknown, index: number, knownCodes: ReadonlySet<string>): PortalCell {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new PortalLayoutError('badItem', { index: index + 1 });
  const item = raw as Record<string, unknown>;
  const widgetCode = typeof item.widgetCode === 'string' ? item.widgetCode.trim() : '';
  if (!knownCodes.has(widgetCode)) throw new PortalLayoutError('unknownWidget', { code: widgetCode.slice(0, 60) });
  const title = typeof item.title === 'string' ? item.title.trim() : '';
  if (title.length > PORTAL_MAX_TITLE) throw new PortalLayoutError('titleTooLong', { code: widgetCode, max: PORTAL_MAX_TITLE });
  const x = cellNumber(item.x, index, 'x', 0, PORTAL_COLUMNS - 1);
  const w = cellNumber(item.w, index, 'w', 1, PORTAL_COLUMNS);
  if (x + w > PORTAL_COLUMNS) throw new PortalLayoutError('outOfGrid', { code: widgetCode, columns: PORTAL_COLUMNS });
  return {
    widgetCode, title, x, w,
    y: cellNumber(item.y, index, 'y', 0, PORTAL_MAX_ROW),
    h: cellNumber(item.h, index, 'h', 1, PORTAL_MAX_HEIGHT),
    settings: readWidgetSettings(widgetCode, item.settings, index),
  };
}

export const cellsOverlap = (a: PortalCell, b: PortalCell): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * A designed layout, checked as a whole: a list (or its JSON) of at most PORTAL_MAX_ITEMS cells,
 * each a widget the desk configuration knows (`knownCodes`), at most once, inside the 24
 * columns, with the settings its widget declares, and no two cells sharing a grid square.
 * Throws PortalLayoutError naming the first fault.
 */
export function checkPortalLayout(value: unknown, knownCodes: ReadonlySet<string>): PortalCell[] {
  let items: unknown = value;
  if (typeof value === 'string') {
    try {
      items = JSON.parse(value);
    } catch {
      items = undefined;
    }
  }
  if (value === undefined || value === null) items = [];
  if (!Array.isArray(items)) throw new PortalLayoutError('notAList');
  if (items.length > PORTAL_MAX_ITEMS) throw new PortalLayoutError('tooMany', { max: PORTAL_MAX_ITEMS });
  const cells = items.map((item, index) => readCell(item, index, knownCodes));
  for (const [index, cell] of cells.entries()) {
    const earlier = cells.slice(0, index);
    if (earlier.some((other) => other.widgetCode === cell.widgetCode)) throw new PortalLayoutError('repeated', { code: cell.widgetCode });
    const clash = earlier.find((other) => cellsOverlap(other, cell));
    if (clash) throw new PortalLayoutError('overlap', { code: cell.widgetCode, other: clash.widgetCode });
  }
  return cells;
}

/**
 * The layout a user sees when some cells are left out (widgets not for their roles): a cell
 * whose row band matches a missing neighbour's exactly takes over its width, so a portal
 * designed for everyone shows no holes to those who see less of it.
 */
export function closeGaps<T extends PortalCell>(cells: T[], missing: PortalCell[]): T[] {
  const shown = cells.map((cell) => ({ ...cell }));
  for (const gap of [...missing].sort((a, b) => a.x - b.x)) {
    const sameBand = (cell: PortalCell) => cell.y === gap.y && cell.h === gap.h;
    const left = shown.find((cell) => sameBand(cell) && cell.x + cell.w === gap.x);
    if (left) {
      left.w += gap.w;
      continue;
    }
    const right = shown.find((cell) => sameBand(cell) && cell.x === gap.x + gap.w);
    if (right) {
      right.x = gap.x;
      right.w += gap.w;
    }
  }
  return shown;
}
