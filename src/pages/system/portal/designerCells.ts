import type { PaletteWidget, PortalCell } from '../../dashboard/portalTypes';
import { PORTAL_GRID } from '../../dashboard/portalTypes';

/** A cell in the designer: the override title ('' = none) beside the configured one. */
export interface DesignerCell extends PortalCell {
  defaultTitle: string;
}

/** Rows a new cell of the palette widget takes: its configured height, else six rows (320 px). */
export function rowsFor(widget: PaletteWidget): number {
  if (!widget.height) return 6;
  const step = PORTAL_GRID.rowHeight + PORTAL_GRID.margin[1];
  return Math.max(2, Math.round((widget.height + PORTAL_GRID.margin[1]) / step));
}

/** The first free row under every placed cell: where the keyboard's "add" puts a widget. */
export function bottomRow(cells: PortalCell[]): number {
  return cells.reduce((bottom, cell) => Math.max(bottom, cell.y + cell.h), 0);
}

/** A palette widget placed at a position, as wide as it is configured on the desk. */
export function newCell(widget: PaletteWidget, x: number, y: number): DesignerCell {
  const w = Math.min(widget.colSpan, PORTAL_GRID.cols);
  return { widgetCode: widget.widgetCode, title: '', defaultTitle: widget.title, x: Math.min(x, PORTAL_GRID.cols - w), y, w, h: rowsFor(widget), settings: {} };
}
