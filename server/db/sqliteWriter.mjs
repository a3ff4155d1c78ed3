// The bulk writer (server/db/workerSqliteDialect.ts starts it): a worker thread with its own
// connection to the database file, running the statements the server sends it one at a time —
// an import's write transaction, whose multi-row INSERTs and COMMIT took 40–110 ms each on the
// event loop (bench/import, SQLite). The server holds its write lock for as long as a
// transaction here is open, so its own connection never competes with this one for the file.
// Plain JavaScript, so the same file runs under tsx, vitest and the compiled server.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { registerSqliteFunctions } from './sqliteFunctions.mjs';
import { statementCache } from './statementCache.mjs';

const db = new Database(workerData.file);
// As the server's own writing connection (server/db/connect.ts); checkpoints are the checkpointer's.
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
db.pragma('wal_autocheckpoint = 0');
// A page cache of 32 MB instead of 2: an import's INSERTs touch the pages of the table, of its
// list indexes and of two FTS5 tables at once, and with 2 MB they were spilled to the WAL and read
// back mid-transaction (bench/import, 100,000 rows: 6,519–6,553 rows/s with 16 MB, 7,804–8,683
// with 32; 64 MB gave no more and took the peak RSS over 400 MB). Given back after each
// transaction (shrink_memory below).
db.pragma('cache_size = -32768');
registerSqliteFunctions(db);

/** An import repeats a few statement texts hundreds of times: prepared once each, a few kept. */
const prepared = statementCache(db, 64);

/** Blobs arrive as Uint8Array (a Buffer does not survive the message); better-sqlite3 binds Buffers. */
const bound = (params) => params.map((value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value));

function execute(sql, params) {
  const statement = prepared(sql);
  if (statement.reader) return { rows: statement.all(bound(params)) };
  const { changes, lastInsertRowid } = statement.run(bound(params));
  // The import is over: its pages need not stay in this thread's memory until the next one.
  if (!db.inTransaction && /^(commit|rollback)$/i.test(sql)) db.pragma('shrink_memory');
  return { changes, lastInsertRowid: Number(lastInsertRowid) };
}

parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  const { id, sql, params } = message;
  try {
    parentPort.postMessage({ id, ...execute(sql, params), inTransaction: db.inTransaction });
  } catch (error) {
    // The error's code (SQLITE_CONSTRAINT_UNIQUE …) and message are what the server reads of it.
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code }, inTransaction: db.inTransaction });
  }
});
