/** Times and formats of spec/shell.md §9 (and the request time-out of §7). */

/** Relative times are recomputed this often while shown. */
export const RELATIVE_TIME_REFRESH_MS = 60_000;
/** Up to this many days a time reads "n 天前"; older ones show the date. */
export const RELATIVE_TIME_MAX_DAYS = 31;
/** The default date-time format as the spec writes it (yyyy-MM-dd hh:mm:ss). */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd hh:mm:ss';
/** The same format in dayjs tokens (24-hour clock). */
export const DEFAULT_DATE_FORMAT_DAYJS = 'YYYY-MM-DD HH:mm:ss';
/** Resize handlers (charts, tables) run at most once per this many ms. */
export const RESIZE_DEBOUNCE_MS = 16;
/** A page's code that has not arrived after this long counts as failed. */
export const PAGE_CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Request time-out unless configured otherwise (spec §7). */
export const REQUEST_TIMEOUT_MS = 300_000;
