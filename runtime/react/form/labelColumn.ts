/** Measures a text's width in pixels in the label font. */
export type TextMeasure = (text: string) => number;

/** The label column stops widening here; a longer label wraps between its words. */
export const LABEL_COLUMN_MAX = 240;
/** A form's label column is never narrower (a schema's `form.labelWidth` raises it). */
export const LABEL_COLUMN_MIN = 120;

/**
 * What a form label adds to its text (FormItem.module.css): the required asterisk and its 4px
 * margin (kept free on every label: `requiredWhen` may add it later), the colon and its 2px
 * margin, the 12px padding before the control, and 2px against sub-pixel rounding.
 */
function labelChrome(measure: TextMeasure): number {
  return measure('*') + 4 + measure(':') + 2 + 12 + 2;
}

/**
 * The label column of a form: as wide as its longest label, so that no label wraps (a wrap
 * used to split "合同金额（元/月）" and "Amount (CNY/month)" with the colon on its own line),
 * at least `floor` and at most LABEL_COLUMN_MAX. One column for the whole form keeps the
 * controls aligned across its grid columns and tabs.
 */
export function formLabelColumnWidth(labels: readonly string[], measure: TextMeasure, floor = LABEL_COLUMN_MIN): number {
  const widest = Math.max(0, ...labels.map(measure));
  return Math.min(Math.max(floor, LABEL_COLUMN_MAX), Math.max(floor, Math.ceil(widest + labelChrome(measure))));
}

/**
 * The label column of a details screen (bordered cells, `padding` px on each side): the longest
 * label's natural width, at most LABEL_COLUMN_MAX; the values take the rest of the row.
 */
export function detailsLabelColumnWidth(labels: readonly string[], measure: TextMeasure, padding: number): number {
  const widest = Math.max(0, ...labels.map(measure));
  return Math.min(LABEL_COLUMN_MAX, Math.ceil(widest + 2 * padding + 2));
}
