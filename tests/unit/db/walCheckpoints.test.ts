import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase, SQLITE_FILE } from '../../../server/db/connect';

/**
 * SQLite's WAL is copied back into the database file by the checkpointer thread
 * (server/db/walCheckpoints.ts), never by the server's own connection, whose COMMIT it used to
 * stall: committed pages reach the file although the connection's autocheckpoint is off.
 */
describe('WAL checkpoints off the event loop', () => {
  it('copies committed pages into the database file from the worker thread', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-wal-'));
    const database = await connectDatabase({ dataDir });
    try {
      // A PRAGMA runs on the writing connection.
      expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db)).rows).toEqual([{ wal_autocheckpoint: 0 }]);
      const fileSize = () => fs.statSync(path.join(dataDir, SQLITE_FILE)).size;
      const before = fileSize();
      await sql`create table blobs (id integer primary key, body text)`.execute(database.db);
      const body = 'x'.repeat(100_000);
      for (let i = 0; i < 50; i += 1) await sql`insert into blobs (body) values (${body})`.execute(database.db);
      // ~5 MB committed, first into the WAL; the file grows only when a checkpoint copies it.
      const deadline = Date.now() + 10_000;
      while (fileSize() < before + 4_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(fileSize()).toBeGreaterThan(before + 4_000_000);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets a script that opened and closed the database finish (close waits for the worker)', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-wal-'));
    try {
      const script = path.join(dataDir, 'close.mts');
      fs.writeFileSync(script, `import { connectDatabase } from ${JSON.stringify(path.resolve('server/db/connect.ts'))};
        const database = await connectDatabase({ dataDir: ${JSON.stringify(dataDir)} });
        await database.close();
        console.log('closed');`);
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 60_000 });
      // Exit code 13 was Node's "unsettled top-level await": the process ended while close() still waited.
      expect({ status: run.status, out: run.stdout.trim() }, run.stderr).toEqual({ status: 0, out: 'closed' });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
