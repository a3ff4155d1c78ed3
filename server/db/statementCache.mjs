// Prepared statements kept by their text, for a better-sqlite3 connection. Plain JavaScript, so
// the server's driver (sqliteDriver.ts) and the bulk writer's worker thread (sqliteWriter.mjs)
// share it under tsx, vitest and the compiled server.
//
// Preparing is parsing and planning: ~15 % of a list call's CPU on SQLite when every statement was
// prepared anew (bench/list profile, 1,000 rows), and an import repeats one INSERT text hundreds of
// times. SQLite re-prepares a kept statement itself when the schema changed under it.
//
// A kept statement must not be iterated: a second caller of the same text would find it busy
// mid-iteration. Streams prepare their own.

/**
 * `prepared(sql)`: the statement of that text on `connection`, prepared once and kept among the
 * `kept` most recently used.
 */
export function statementCache(connection, kept) {
  const statements = new Map();
  return function prepared(sql) {
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last: the first key is the one to forget.
      statements.delete(sql);
    } else {
      statement = connection.prepare(sql);
      if (statements.size >= kept) statements.delete(statements.keys().next().value);
    }
    statements.set(sql, statement);
    return statement;
  };
}
