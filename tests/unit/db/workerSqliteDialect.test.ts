import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database_ } from '../../../server/db/connect';
import { isUniqueViolation, violatedColumn } from '../../../server/db/uniqueViolation';
import type { TableWrite } from '../../../server/db/statementWatch';

/**
 * The bulk writer (server/db/workerSqliteDialect.ts): an import's transaction runs on a worker
 * thread's connection. It must behave as the server's own connection does — rows, refusals with
 * their codes, blobs, the keyword functions its triggers call, commits heard by the statement
 * watch — and share the one write lock, so the server's connection waits (asynchronously) while
 * it writes, and the event loop stays free during a long statement.
 */
describe('the SQLite bulk writer', () => {
  let dataDir: string;
  let database: Database_;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bulk-'));
    database = await connectDatabase({ dataDir });
    await sql`create table notes (id integer primary key, code text unique, body text, data blob)`.execute(database.db);
    await database.db.insertInto('notes').values({ id: 1, code: 'A', body: 'committed' }).execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const bodies = async () => (await database.db.selectFrom('notes').select('body').orderBy('id').execute()).map((r) => r.body);

  it('writes, reads its own writes and commits; the server sees the rows and the watch hears the commit', async () => {
    const heard: TableWrite[] = [];
    const stop = database.watch.onWrite((writes) => heard.push(...writes));
    try {
      await database.bulk.transaction().execute(async (trx) => {
        const result = await trx.insertInto('notes').values([{ id: 2, code: 'B', body: 'bulk 1' }, { id: 3, code: 'C', body: 'bulk 2' }]).executeTakeFirst();
        expect(Number(result.numInsertedOrUpdatedRows)).toBe(2);
        expect((await trx.selectFrom('notes').select('body').where('id', '>', 1).orderBy('id').execute()).map((r) => r.body)).toEqual(['bulk 1', 'bulk 2']);
        // Not committed yet: nothing heard, the server's reads see the last commit.
        expect(heard).toEqual([]);
        expect(await bodies()).toEqual(['committed']);
      });
      expect(heard).toEqual([{ table: 'notes', kind: 'insert' }]);
      expect(await bodies()).toEqual(['committed', 'bulk 1', 'bulk 2']);
    } finally {
      stop();
    }
  });

  it('refuses a duplicate with SQLite\'s code and message, rolls back and frees the lock', async () => {
    const refusal = await database.bulk.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 4, code: 'D', body: 'undone' }).execute();
      await trx.insertInto('notes').values({ id: 5, code: 'A', body: 'duplicate' }).execute();
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(refusal)).toBe(true);
    expect(violatedColumn(refusal)).toEqual({ table: 'notes', column: 'code' });
    expect(await bodies()).not.toContain('undone');
    await database.db.insertInto('notes').values({ id: 6, code: 'F', body: 'next' }).execute();
    expect(await bodies()).toContain('next');
  });

  it('keeps blobs as Buffers both ways and has the keyword functions the triggers call', async () => {
    const data = Buffer.from([0, 1, 2, 250, 255]);
    await database.bulk.insertInto('notes').values({ id: 7, code: 'G', body: 'Ä Ｆ 合同', data }).execute();
    const back = await database.bulk.selectFrom('notes').select(['data', sql<string>`unicode_lower(body)`.as('lowered'), sql<string>`keyword_pairs(body)`.as('pairs')]).where('id', '=', 7).executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(back.data)).toBe(true);
    expect([...(back.data as Buffer)]).toEqual([...data]);
    expect(back.lowered).toBe('ä ｆ 合同');
    expect(back.pairs.split(' ')).toContain('005408' + '00540c');
    const mine = await database.db.selectFrom('notes').select('data').where('id', '=', 7).executeTakeFirstOrThrow();
    expect([...(mine.data as Buffer)]).toEqual([...data]);
  });

  it('holds the write lock: the server\'s own write waits for the bulk transaction, reads do not, and the event loop runs during its statements', async () => {
    let finish: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { finish = resolve; });
    let inside: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => { inside = resolve; });
    const order: string[] = [];
    const bulk = database.bulk.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 8, code: 'H', body: 'held' }).execute();
      inside();
      await held;
    });
    await opened;
    const write = database.db.insertInto('notes').values({ id: 9, code: 'I', body: 'after' }).execute().then(() => order.push('write'));
    expect(await bodies()).not.toContain('held');
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('commit');
    finish();
    await bulk;
    await write;
    expect(order).toEqual(['commit', 'write']);

    // A statement of ~100 ms on the worker: timers on the event loop keep firing meanwhile.
    let ticks = 0;
    const timer = setInterval(() => { ticks += 1; }, 5);
    const started = Date.now();
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) as c from n`.execute(database.bulk);
    clearInterval(timer);
    const took = Date.now() - started;
    expect(took).toBeGreaterThan(20);
    // On the server's own connection the statement would hold the loop and no tick could fire
    // before it returned; a few are proof enough on a busy machine.
    expect(ticks).toBeGreaterThanOrEqual(2);
  });
});
