import path from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the checkpointer copies the WAL back; a round with nothing to copy costs microseconds. */
const CHECKPOINT_EVERY_MS = 1_000;
/** SQLite's own default, restored on the server's connection should the worker not run. */
const AUTOCHECKPOINT_PAGES = 1_000;

/**
 * Moves SQLite's WAL checkpoints off the event loop: the server's connection stops checkpointing
 * and a worker thread (server/db/walCheckpointer.mjs, found from the working directory like the
 * schemas) does it every second with a connection of its own. Should the worker fail, the
 * connection checkpoints itself again, as before. Answers the function that stops the worker.
 */
export function startWalCheckpoints(file: Database.Database, databaseFile: string, log: (message: string) => void): () => Promise<void> {
  file.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(path.resolve('server/db/walCheckpointer.mjs'), { workerData: { file: databaseFile, everyMs: CHECKPOINT_EVERY_MS } });
  worker.unref();
  let running = true;
  const fallBack = (why: string) => {
    if (!running) return;
    running = false;
    log(`WAL checkpoints back on the server's connection: ${why}`);
    if (file.open) file.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', (error) => fallBack(error.message));
  worker.on('message', (message: { error?: string }) => { if (message.error) log(`WAL checkpoint failed: ${message.error}`); });
  worker.on('exit', (code) => { if (running && code !== 0) fallBack(`the checkpointer exited with ${code}`); });
  return async () => {
    if (!running) return;
    running = false;
    const exited = once(worker, 'exit');
    // Unreferenced, the worker would not keep a process whose work is done alive to hear it end.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  };
}
