import type { Borders, Cell, CellValue, Color, Workbook, Worksheet } from 'exceljs';
import { UnreadableFileError } from '../xml';
import { formatCellValue } from './cellFormat';

/**
 * An .xlsx workbook (read with exceljs) turned into what the preview draws: per sheet, the
 * visible rows and columns with widths, merged ranges and each cell's formatted text and style.
 * Sheets larger than the caps are cut, and say so.
 */

export const MAX_RENDERED_ROWS = 1000;
export const MAX_RENDERED_COLUMNS = 100;

export interface CellStyle {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** Points. */
  fontSize?: number;
  color?: string;
  background?: string;
  align?: 'left' | 'center' | 'right' | 'justify';
  valign?: 'top' | 'middle' | 'bottom';
  wrap?: boolean;
  borderTop?: string;
  borderRight?: string;
  borderBottom?: string;
  borderLeft?: string;
}

export interface CellView {
  text: string;
  style: CellStyle;
  rowSpan?: number;
  colSpan?: number;
}

export interface SheetView {
  name: string;
  /** Column numbers (1-based) shown, in order. */
  columns: number[];
  /** Widths in px of those columns. */
  widths: number[];
  rows: { number: number; height?: number; cells: (CellView | null)[] }[];
  totalRows: number;
  totalColumns: number;
  truncated: boolean;
}

export interface WorkbookView {
  sheets: SheetView[];
}

/** Office's default theme, in the order SpreadsheetML's `theme` index uses (lt1 and dk1 first). */
const THEME_COLORS = ['FFFFFF', '000000', 'E7E6E6', '44546A', '4472C4', 'ED7D31', 'A5A5A5', 'FFC000', '5B9BD5', '70AD47'];

function applyTint(hex: string, tint: number): string {
  const channels = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const tinted = channels.map((c) => Math.round(tint < 0 ? c * (1 + tint) : c + (255 - c) * tint));
  return tinted.map((c) => Math.max(0, Math.min(255, c)).toString(16).padStart(2, '0')).join('');
}

export function colorToCss(color: Partial<Color> & { tint?: number } | undefined): string | undefined {
  if (!color) return undefined;
  let hex: string | undefined;
  if (typeof color.argb === 'string' && /^[0-9a-f]{6,8}$/i.test(color.argb)) hex = color.argb.slice(-6);
  else if (typeof color.theme === 'number') hex = THEME_COLORS[color.theme];
  if (!hex) return undefined;
  if (typeof color.tint === 'number' && color.tint !== 0) hex = applyTint(hex, color.tint);
  return `#${hex.toLowerCase()}`;
}

function borderCss(border: Partial<Borders>[keyof Borders] | undefined): string | undefined {
  if (!border || !('style' in border) || !border.style) return undefined;
  const width = ['medium', 'mediumDashed', 'mediumDashDot', 'mediumDashDotDot', 'slantDashDot'].includes(border.style) ? 2 : border.style === 'thick' ? 3 : 1;
  const line = border.style === 'double' ? 'double' : /dash/i.test(border.style) ? 'dashed' : /dot|hair/i.test(border.style) ? 'dotted' : 'solid';
  return `${border.style === 'double' ? 3 : width}px ${line} ${colorToCss(border.color) ?? '#000000'}`;
}

/** The raw value under a cell's formula, hyperlink or rich text. */
function plainValue(value: CellValue): number | Date | string | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('error' in value) return String(value.error);
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (result === undefined || result === null) return '';
      if (typeof result === 'object' && result !== null && 'error' in result) return String((result as { error: unknown }).error);
      return plainValue(result as CellValue);
    }
    if ('hyperlink' in value) return plainValue((value as { text?: CellValue }).text ?? value.hyperlink);
    if ('text' in value) return String((value as { text: unknown }).text);
  }
  return String(value);
}

export function cellText(cell: Pick<Cell, 'value' | 'numFmt'>): string {
  const value = plainValue(cell.value);
  if (value === null) return '';
  return formatCellValue(value, cell.numFmt);
}

const H_ALIGN: Record<string, CellStyle['align']> = { left: 'left', center: 'center', centerContinuous: 'center', right: 'right', justify: 'justify', distributed: 'justify', fill: 'left' };
const V_ALIGN: Record<string, CellStyle['valign']> = { top: 'top', middle: 'middle', bottom: 'bottom', distributed: 'middle', justify: 'middle' };

function cellStyle(cell: Cell): CellStyle {
  const style: CellStyle = {};
  const { font, fill, alignment, border } = cell;
  if (font) {
    if (font.bold) style.bold = true;
    if (font.italic) style.italic = true;
    if (font.underline && font.underline !== 'none') style.underline = true;
    if (font.strike) style.strike = true;
    if (font.size && font.size !== 11) style.fontSize = font.size;
    const color = colorToCss(font.color);
    if (color && color !== '#000000') style.color = color;
  }
  if (fill && fill.type === 'pattern' && fill.pattern === 'solid') style.background = colorToCss(fill.fgColor);
  const value = plainValue(cell.value);
  const horizontal = alignment?.horizontal ? H_ALIGN[alignment.horizontal] : undefined;
  // Excel's own default: numbers and dates right, logicals centred, text left.
  style.align = horizontal ?? (typeof value === 'number' || value instanceof Date ? 'right' : typeof value === 'boolean' ? 'center' : undefined);
  if (alignment?.vertical) style.valign = V_ALIGN[alignment.vertical];
  if (alignment?.wrapText) style.wrap = true;
  if (border) {
    style.borderTop = borderCss(border.top);
    style.borderRight = borderCss(border.right);
    style.borderBottom = borderCss(border.bottom);
    style.borderLeft = borderCss(border.left);
  }
  return style;
}

/** Excel's own width of a column nobody sized, in characters (64 px). */
const EXCEL_DEFAULT_WIDTH = 8.43;

/**
 * Excel widths are in characters of the default font; ~7 px each plus padding. A column without
 * a width of its own takes the sheet's default (`<sheetFormatPr defaultColWidth>`), as Excel
 * draws it, and only a sheet that names none falls back to Excel's 8.43.
 */
export function columnWidthPx(width: number | undefined, sheetDefault?: number): number {
  const chars = width && width > 0 ? width : sheetDefault && sheetDefault > 0 ? sheetDefault : EXCEL_DEFAULT_WIDTH;
  return Math.round(chars * 7 + 5);
}

interface MergeRange { top: number; left: number; bottom: number; right: number }

function columnNumber(letters: string): number {
  return letters.toUpperCase().split('').reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
}

export function parseRange(range: string): MergeRange | undefined {
  const match = /^\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/i.exec(range.trim());
  if (!match) return undefined;
  const left = columnNumber(match[1]);
  const top = Number(match[2]);
  const right = match[3] ? columnNumber(match[3]) : left;
  const bottom = match[4] ? Number(match[4]) : top;
  return { top: Math.min(top, bottom), left: Math.min(left, right), bottom: Math.max(top, bottom), right: Math.max(left, right) };
}

function sheetView(sheet: Worksheet): SheetView {
  const totalRows = sheet.rowCount;
  const totalColumns = sheet.columnCount;
  const merges = ((sheet.model as { merges?: string[] }).merges ?? []).map(parseRange).filter((m): m is MergeRange => Boolean(m));

  const columns: number[] = [];
  for (let c = 1; c <= totalColumns && columns.length < MAX_RENDERED_COLUMNS; c += 1) {
    if (!sheet.getColumn(c).hidden) columns.push(c);
  }
  const rowNumbers: number[] = [];
  for (let r = 1; r <= totalRows && rowNumbers.length < MAX_RENDERED_ROWS; r += 1) {
    if (!sheet.getRow(r).hidden) rowNumbers.push(r);
  }
  const lastRow = rowNumbers[rowNumbers.length - 1] ?? 0;
  const lastColumn = columns[columns.length - 1] ?? 0;
  const truncated = lastRow < totalRows && rowNumbers.length >= MAX_RENDERED_ROWS
    || lastColumn < totalColumns && columns.length >= MAX_RENDERED_COLUMNS;

  // Cells covered by a merge (but not its top-left) draw nothing; the top-left spans the shown part.
  const covered = new Set<string>();
  const spans = new Map<string, { rowSpan: number; colSpan: number }>();
  for (const m of merges) {
    const rows = rowNumbers.filter((r) => r >= m.top && r <= m.bottom);
    const cols = columns.filter((c) => c >= m.left && c <= m.right);
    if (rows.length === 0 || cols.length === 0) continue;
    spans.set(`${rows[0]}:${cols[0]}`, { rowSpan: rows.length, colSpan: cols.length });
    for (const r of rows) for (const c of cols) if (r !== rows[0] || c !== cols[0]) covered.add(`${r}:${c}`);
  }

  const rows = rowNumbers.map((r) => {
    const row = sheet.getRow(r);
    const cells = columns.map((c): CellView | null => {
      if (covered.has(`${r}:${c}`)) return null;
      const cell = row.getCell(c);
      const view: CellView = { text: cellText(cell), style: cellStyle(cell) };
      const span = spans.get(`${r}:${c}`);
      if (span && span.rowSpan > 1) view.rowSpan = span.rowSpan;
      if (span && span.colSpan > 1) view.colSpan = span.colSpan;
      return view;
    });
    return { number: r, height: row.height ? Math.round(row.height * 4 / 3) : undefined, cells };
  });
  return {
    name: sheet.name,
    columns,
    widths: columns.map((c) => columnWidthPx(sheet.getColumn(c).width, sheet.properties.defaultColWidth)),
    rows, totalRows, totalColumns, truncated,
  };
}

/** Builds the view of every visible sheet of a loaded workbook. */
export function workbookView(workbook: Workbook): WorkbookView {
  const sheets = workbook.worksheets.filter((s) => s.state !== 'hidden' && s.state !== 'veryHidden').map(sheetView);
  return { sheets };
}

/** Loads .xlsx bytes with exceljs (imported on demand: it is large) and builds the view. */
export async function readWorkbook(data: ArrayBuffer): Promise<WorkbookView> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch (error) {
    throw new UnreadableFileError(`not a readable .xlsx workbook (${error instanceof Error ? error.message : String(error)})`);
  }
  return workbookView(workbook);
}

/** Spreadsheet column letters (1 → A, 27 → AA). */
export function columnLetters(n: number): string {
  let s = '';
  let x = n;
  while (x > 0) {
    const m = (x - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    x = Math.floor((x - 1) / 26);
  }
  return s;
}
