import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database_ } from '../../../server/db/connect';

/**
 * The SQLite driver's two connections (server/db/sqliteDriver.ts): a read outside a transaction
 * is answered from the last commit at once, however long another request's transaction runs; a
 * transaction reads its own writes; a write outside it waits for it, as with one connection.
 */
describe('SQLite reads beside a transaction', () => {
  let dataDir: string;
  let database: Database_;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-driver-'));
    database = await connectDatabase({ dataDir });
    await sql`create table notes (id integer primary key, body text)`.execute(database.db);
    await database.db.insertInto('notes').values({ id: 1, body: 'committed' }).execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const bodies = async () => (await database.db.selectFrom('notes').select('body').orderBy('id').execute()).map((r) => r.body);

  it('answers a read during another transaction from the last commit, and waits a write until it ends', async () => {
    let inside: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => { inside = resolve; });
    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { finish = resolve; });
    const transaction = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 2, body: 'pending' }).execute();
      // The transaction sees its own row.
      expect((await trx.selectFrom('notes').select('body').orderBy('id').execute()).map((r) => r.body)).toEqual(['committed', 'pending']);
      inside();
      await held;
    });
    await opened;
    // Outside: the committed state, without waiting for the transaction.
    expect(await bodies()).toEqual(['committed']);
    const order: string[] = [];
    const write = database.db.insertInto('notes').values({ id: 3, body: 'after' }).execute().then(() => order.push('write'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('commit');
    finish();
    await transaction;
    await write;
    expect(order).toEqual(['commit', 'write']);
    expect(await bodies()).toEqual(['committed', 'pending', 'after']);
  });

  it('rolls back a failed transaction and frees the writer for the next one', async () => {
    await expect(database.db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 4, body: 'undone' }).execute();
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(await bodies()).not.toContain('undone');
    await database.db.insertInto('notes').values({ id: 5, body: 'next' }).execute();
    expect(await bodies()).toContain('next');
  });

  it('runs PRAGMAs and writes of a WITH on the writing connection', async () => {
    await sql`PRAGMA analysis_limit = 500`.execute(database.db);
    expect((await sql<{ analysis_limit: number }>`PRAGMA analysis_limit`.execute(database.db)).rows[0].analysis_limit).toBe(500);
    await sql`with n(v) as (select 'from with') insert into notes (id, body) select 6, v from n`.execute(database.db);
    expect(await bodies()).toContain('from with');
  });

  // Statements are kept by their text (server/db/statementCache.mjs).
  it('answers a kept statement with the table as it is now, after a column is added', async () => {
    const everything = () => database.db.selectFrom('notes').selectAll().where('id', '=', 1).execute();
    expect(Object.keys((await everything())[0]).sort()).toEqual(['body', 'id']);
    await sql`alter table notes add column tag text default 'new'`.execute(database.db);
    expect((await everything())[0]).toEqual({ id: 1, body: 'committed', tag: 'new' });
  });

  it('streams a read while the same statement runs again beside it', async () => {
    const query = database.db.selectFrom('notes').select('body').orderBy('id');
    const streamed: string[] = [];
    for await (const row of query.stream()) {
      streamed.push(row.body as string);
      // A kept statement would be busy mid-iteration: this call would throw.
      if (streamed.length === 1) expect((await query.execute()).length).toBeGreaterThan(1);
    }
    expect(streamed).toEqual((await query.execute()).map((r) => r.body));
  });
});
