import type BetterSqlite3 from 'better-sqlite3';

/** Name of the Unicode-aware lower(); see sqliteFunctions.mjs. */
export const SQLITE_UNICODE_LOWER: 'unicode_lower';
/** Name of the character-pair token function; see sqliteFunctions.mjs. */
export const SQLITE_KEYWORD_PAIRS: 'keyword_pairs';
/** The pair token of two characters (the second absent at the end of the text). */
export function pairToken(first: string, second?: string): string;
/** Registers both functions on a better-sqlite3 connection. */
export function registerSqliteFunctions(connection: BetterSqlite3.Database): void;
