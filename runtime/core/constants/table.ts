/** Table, paged-select and filter-drawer constants of spec/shell.md §9. */

/** Rows per page of a table. */
export const TABLE_PAGE_SIZE = 15;
/** Page sizes a table offers. */
export const TABLE_PAGE_SIZES = [15, 30, 45, 60, 75] as const;
/** Order of the pagination parts: total, sizes, prev, pager, next, jumper. */
export const TABLE_PAGINATION_LAYOUT = ['total', 'sizes', 'prev', 'pager', 'next', 'jumper'] as const;
export type TablePaginationPart = (typeof TABLE_PAGINATION_LAYOUT)[number];
/** Row densities a table can be switched between. */
export const TABLE_SIZES = ['large', 'default', 'small'] as const;
export type TableSize = (typeof TABLE_SIZES)[number];

/** Rows per page of a paged (remote) select. */
export const SELECT_PAGE_SIZE = 15;
/** Height and width, px, of the table shown inside a paged select's drop-down. */
export const SELECT_TABLE_HEIGHT = 245;
export const SELECT_TABLE_WIDTH = 400;
/** Remote select options load this long after the last change (spec §3). */
export const REMOTE_OPTIONS_DELAY_MS = 50;

/** Width, px, of the filter drawer. */
export const FILTER_DRAWER_WIDTH = 650;
