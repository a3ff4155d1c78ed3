/**
 * Default of IMPORT_MAX_ROWS (server/config.ts): most data rows one spreadsheet import takes.
 * The server streams the file and counts rows while reading, so a longer file is refused at its
 * first extra row (code 100, `file.tooManyRows`), without being parsed further.
 */
export const IMPORT_MAX_ROWS = 100_000;
