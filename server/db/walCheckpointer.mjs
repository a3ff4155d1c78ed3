// The SQLite WAL checkpointer (server/db/walCheckpoints.ts starts it): a worker thread with its
// own connection copying committed pages from the WAL back into the database file, so the
// server's connection never does (wal_autocheckpoint = 0 there). On the server's connection the
// checkpoint ran inside the COMMIT that crossed 1,000 WAL pages, on the event loop: ~450 ms after
// a 100,000-row import, every request waiting. PASSIVE never blocks a writer or a reader: it
// copies what no reader still needs and leaves the rest for the next round.
// Plain JavaScript, so the same file runs under tsx, vitest and the compiled server.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
}, workerData.everyMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
