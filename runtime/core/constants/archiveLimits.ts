/**
 * Limits on zip-based uploads (xlsx imports) checked before any parser inflates them: a few MB
 * of upload can inflate to gigabytes (a "zip bomb") and exhaust the server's heap.
 */

/** Largest inflated size of all entries together. */
export const MAX_ARCHIVE_UNCOMPRESSED_MB = 100;
export const MAX_ARCHIVE_UNCOMPRESSED_BYTES = MAX_ARCHIVE_UNCOMPRESSED_MB * 1024 * 1024;

/** Most entries one archive may hold (an xlsx holds a few dozen). */
export const MAX_ARCHIVE_ENTRIES = 10_000;

/** Inflated ÷ compressed size above which a big entry is refused as a bomb. */
export const MAX_ARCHIVE_RATIO = 100;

/** Entries smaller than this are never refused for their ratio (tiny XML parts compress very well). */
export const ARCHIVE_RATIO_MIN_BYTES = 1024 * 1024;

/** Imports parsed at the same time in one process; more wait in line (spreadsheet parsing is memory-hungry). */
export const MAX_CONCURRENT_IMPORTS = 2;

/** Imports that may wait for a turn; beyond them an import is refused as busy. */
export const MAX_WAITING_IMPORTS = 8;
