import type { FieldType } from '../../core/schema/types';

/**
 * How wide the generic list's columns are. A column's width comes from what it shows: its field
 * type (a date is always ten characters, a remark may be long) and its heading, which is never
 * cut. The table then uses the width it has: columns grow to fill it, shrink towards their
 * minimum when they do not fit, and only when even the minimums do not fit does the table scroll,
 * by exactly the sum of its columns — so the fixed action column sits beside the last column at
 * the end of the scroll instead of over it.
 */

/** Left and right padding of a cell of the default-size table (antd: 16 px each side). */
export const CELL_PADDING = 32;
/** The sort arrows beside a sortable column's heading. */
const SORTER_WIDTH = 24;
/** A tree list's first column holds the expand button and one indent per level (antd: 15 px). */
export const TREE_EXPAND_WIDTH = 52;

/** Preferred and minimum widths of a column by its field's type, cell padding included. */
const TYPE_WIDTHS: Record<FieldType, { preferred: number; min: number }> = {
  string: { preferred: 160, min: 90 },
  text: { preferred: 240, min: 140 },
  richText: { preferred: 240, min: 140 },
  integer: { preferred: 90, min: 80 },
  number: { preferred: 110, min: 90 },
  money: { preferred: 130, min: 110 },
  switch: { preferred: 80, min: 70 },
  date: { preferred: 120, min: 120 },
  datetime: { preferred: 175, min: 175 },
  dateRange: { preferred: 240, min: 240 },
  datetimeRange: { preferred: 350, min: 350 },
  time: { preferred: 100, min: 100 },
  dictionary: { preferred: 130, min: 100 },
  options: { preferred: 110, min: 90 },
  status: { preferred: 110, min: 90 },
  user: { preferred: 110, min: 90 },
  users: { preferred: 200, min: 130 },
  department: { preferred: 150, min: 100 },
  departments: { preferred: 200, min: 130 },
  reference: { preferred: 160, min: 100 },
  attachments: { preferred: 120, min: 100 },
  image: { preferred: 120, min: 100 },
  tags: { preferred: 200, min: 120 },
  location: { preferred: 220, min: 140 },
  subTable: { preferred: 110, min: 100 },
};

/** A column without a field (a computed prop): as a string. */
const UNTYPED = TYPE_WIDTHS.string;

/**
 * The pixels a text takes at the table's 14 px font, estimated without a canvas (the same in the
 * browser and in tests): ideographs and full-width forms are square, Latin letters about half,
 * wider in the bold of a heading. The estimate leans wide: better a little loose than cut.
 */
export function textWidth(text: string, bold = false): number {
  const latin = bold ? 1.1 : 1;
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x2e80) width += 14.5;
    else if (char === ' ' || char === 'i' || char === 'l' || char === '.' || char === ',') width += 4 * latin;
    else if (/[A-Z]/.test(char) || char === 'm' || char === 'w') width += 10 * latin;
    else width += 7.6 * latin;
  }
  return Math.ceil(width);
}

export interface ColumnWidthInput {
  type?: FieldType;
  /** The heading as shown (translated). */
  title: string;
  sortable: boolean;
  /** Width from the schema or the user's column settings: preferred, never below the heading. */
  width?: number;
  /** The tree list's first column, which holds the expand button. */
  treeColumn?: boolean;
  /** Every text the cells may show when the values are a closed set (options, flow states), translated. */
  valueLabels?: readonly string[];
}

export interface ColumnWidth {
  preferred: number;
  min: number;
}

/** A value shown as a tag: 12 px text, 7 px padding and a border each side, 8 px before the next. */
function tagWidth(label: string): number {
  return Math.ceil((textWidth(label) * 12) / 14) + 24;
}

/** A data column's preferred and minimum width. */
export function columnWidth({ type, title, sortable, width, treeColumn, valueLabels = [] }: ColumnWidthInput): ColumnWidth {
  const byType = type ? TYPE_WIDTHS[type] : UNTYPED;
  const extra = treeColumn ? TREE_EXPAND_WIDTH : 0;
  const heading = textWidth(title, true) + CELL_PADDING + (sortable ? SORTER_WIDTH : 0) + extra;
  // A closed set of values is never cut: the column is at least as wide as its longest one.
  const widestValue = Math.max(0, ...valueLabels.map(tagWidth)) + CELL_PADDING;
  const floor = Math.max(heading, widestValue);
  // A width the schema or the user chose is what they want to see; the type's minimum may still
  // be smaller (a long remark column can give way), but never below the heading or a value.
  const preferred = Math.max(floor, (width ?? byType.preferred) + extra);
  const min = Math.min(preferred, Math.max(floor, byType.min + extra));
  return { preferred, min };
}

export interface TableLayout {
  /** One width per data column, in their order. */
  widths: number[];
  /** The action column's width. */
  actions: number;
  /** The table's scroll width: the sum of every column, the fixed ones included. */
  scrollX: number;
}

/**
 * Fits the data columns and the action column (preferred: its links on one line; min: they wrap)
 * into `available` pixels beside `fixedWidth` (the selection column). In order, as long as it
 * fits: every column as preferred, the spare room going to the data columns (not to the
 * links); data columns shrunk towards their minimums; the action links on two lines as well;
 * else the minimums, scrolled. Not measured yet (`available` undefined): preferred widths.
 */
export function layoutColumns(columns: readonly ColumnWidth[], actions: ColumnWidth, fixedWidth: number, available: number | undefined): TableLayout {
  const preferred = columns.map((column) => column.preferred);
  const minimums = columns.map((column) => column.min);
  const slack = columns.map((column) => column.preferred - column.min);
  const fitted = (widths: number[], actionsWidth: number): TableLayout => ({ widths, actions: actionsWidth, scrollX: sum(widths) + actionsWidth + fixedWidth });
  if (available === undefined) return fitted(preferred, actions.preferred);
  const room = Math.floor(available) - fixedWidth;
  if (sum(preferred) + actions.preferred <= room) {
    return fitted(spread(preferred, room - actions.preferred - sum(preferred), preferred), actions.preferred);
  }
  if (sum(minimums) + actions.preferred <= room) {
    // Each column gives up the same share of what it could give, down to its minimum at most.
    return fitted(spread(minimums, room - actions.preferred - sum(minimums), slack), actions.preferred);
  }
  if (sum(minimums) + actions.min <= room) {
    return fitted(spread(minimums, room - actions.min - sum(minimums), slack), actions.min);
  }
  return fitted(minimums, actions.min);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Adds `extra` whole pixels to `base` in proportion to `weights`; the rounding remainder goes to the widest weight. */
function spread(base: readonly number[], extra: number, weights: readonly number[]): number[] {
  const weightSum = sum(weights);
  if (extra <= 0 || weightSum <= 0) return [...base];
  const widths = base.map((width, index) => width + Math.floor((extra * weights[index]) / weightSum));
  const heaviest = weights.indexOf(Math.max(...weights));
  widths[heaviest] += extra - (sum(widths) - sum(base));
  return widths;
}

/** A small link button in the action column: its label, 7 px padding and a 1 px border each side. */
export function linkButtonWidth(label: string): number {
  return textWidth(label) + 16;
}

/** 更多 with its arrow: the label, a space and the icon. */
export function menuButtonWidth(label: string): number {
  return linkButtonWidth(label) + 20;
}

/**
 * The action column: preferred, every link on one line; min, 查看 / 编辑 / 删除 on the first line
 * and the rest (flow transitions, named actions or 更多) wrapped to the second, as the row's
 * flex line breaks them. Never narrower than its heading. Two pixels spare for rounding, else
 * the last link wraps.
 */
export function actionColumnWidth(title: string, recordLinks: readonly number[], otherLinks: readonly number[]): ColumnWidth {
  const heading = textWidth(title, true) + CELL_PADDING;
  const line = (links: readonly number[]) => CELL_PADDING + sum(links) + 2;
  return {
    preferred: Math.max(heading, line([...recordLinks, ...otherLinks])),
    min: Math.max(heading, line(recordLinks), line(otherLinks)),
  };
}
