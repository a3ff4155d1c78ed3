// The SQL functions every SQLite connection of the server registers: the two the server's own
// connections use (server/db/connect.ts) and the bulk writer's worker thread
// (server/db/sqliteWriter.mjs) — the keyword index's triggers call them on every write, so a
// connection without them cannot insert into an indexed table.
// Plain JavaScript, so the same file runs in a worker under tsx, vitest and the compiled server.

/** Name of the Unicode-aware lower(): SQLite's own folds ASCII only. */
export const SQLITE_UNICODE_LOWER = 'unicode_lower';
/** Name of the function turning a text into its character-pair tokens (server/db/keywordIndex.ts). */
export const SQLITE_KEYWORD_PAIRS = 'keyword_pairs';

const hex = (codePoint) => codePoint.toString(16).padStart(6, '0');

/** The pair token of two characters (the second absent at the end of the text). */
export function pairToken(first, second) {
  return hex(first.codePointAt(0)) + (second === undefined ? '000000' : hex(second.codePointAt(0)));
}

/** Distinct pair tokens of a lowered text, space-separated, for the ascii tokenizer. */
function pairTokens(lowered) {
  const chars = [...lowered];
  const tokens = new Set();
  for (let i = 0; i < chars.length; i += 1) tokens.add(pairToken(chars[i], chars[i + 1]));
  return [...tokens].join(' ');
}

/** Registers both functions on a better-sqlite3 connection. */
export function registerSqliteFunctions(connection) {
  // Case-insensitive search must fold 'Ä' and full-width 'Ｆ' as PostgreSQL and the in-memory
  // filter semantics do.
  connection.function(SQLITE_UNICODE_LOWER, { deterministic: true },
    (value) => (value === null || value === undefined ? null : String(value).toLowerCase()));
  connection.function(SQLITE_KEYWORD_PAIRS, { deterministic: true },
    (value) => (value === null || value === undefined ? null : pairTokens(String(value).toLowerCase())));
}
