/**
 * The databases' refusal of a duplicate value in a unique index: PostgreSQL's SQLSTATE 23505
 * and better-sqlite3's extended codes. A race past the pre-checks ends here (two requests both
 * see a value free, one write wins) — a user error, never a server fault.
 */
const UNIQUE_CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNIQUE_CODES.has(code);
}

/**
 * The table and first column of the index a unique violation broke, where the database says:
 * PostgreSQL in `table` and `detail` (Key ("phone")=(…) already exists.), SQLite in its message
 * (UNIQUE constraint failed: sys_user.phone).
 */
export function violatedColumn(error: unknown): { table: string; column: string } | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const e = error as { table?: unknown; detail?: unknown; message?: unknown };
  if (typeof e.table === 'string' && typeof e.detail === 'string') {
    const key = /^Key \("?([^",)]+)"?[,)]/.exec(e.detail);
    return key ? { table: e.table, column: key[1] } : undefined;
  }
  const sqlite = typeof e.message === 'string' ? /constraint failed: ([\w]+)\.([\w]+)/.exec(e.message) : null;
  return sqlite ? { table: sqlite[1], column: sqlite[2] } : undefined;
}
