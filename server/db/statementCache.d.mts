import type BetterSqlite3 from 'better-sqlite3';

/** The statement of a text on `connection`, prepared once and kept among the `kept` most recently used; see statementCache.mjs. */
export function statementCache(connection: BetterSqlite3.Database, kept: number): (sql: string) => BetterSqlite3.Statement;
