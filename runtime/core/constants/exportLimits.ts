/**
 * Default of EXPORT_MAX_ROWS (server/config.ts): most rows one exported xlsx file holds. The
 * export streams any number of rows with bounded memory; the limit keeps a file one that
 * spreadsheet programs open (Excel's sheet ends at 1,048,576 rows).
 */
export const EXPORT_MAX_ROWS = 1_000_000;

/** The answer of `export{E}?count=1`, asked before a download so a user hears of the limit first. */
export interface ExportCount {
  /** Rows the file will hold: every matching row, or `limit` when more match. */
  rows: number;
  limit: number;
  /** More rows match than one file holds: the file holds the first `limit` in the list's order and says so. */
  overLimit: boolean;
}
